import { resultInfo } from './results';

const n = (value: number) => value.toLocaleString('en');
const pct = (part: number, whole: number) => (whole ? Math.round((part / whole) * 100) : 0);

/** Above this share of catch-all rows, sending to them unchecked risks the sender's reputation. */
const CATCH_ALL_WARNING_SHARE = 20;

/**
 * What to do with a list's results, in plain sentences: who to send to, who to leave out, and what to
 * do with the rest. Reads the counts the page shows, so the numbers match its downloads.
 */
export function sendAdvice(counts: Record<string, number>): string[] {
  const c = (name: string) => counts[name] ?? 0;
  const total = ['ok', 'catch_all', 'unknown', 'disposable', 'invalid', 'error'].reduce((sum, r) => sum + c(r), 0);
  if (total === 0) return [];
  const advice = [`Send to the ${n(c('ok'))} ${resultInfo('ok').label} addresses (${pct(c('ok'), total)} %).`];
  const drop = c('invalid') + c('disposable');
  if (drop > 0)
    advice.push(
      `Leave out the ${n(drop)} Invalid and Disposable addresses: mail to them bounces or reaches no one, and bounces hurt your sender reputation.`,
    );
  const catchAll = c('catch_all');
  if (catchAll > 0) {
    const share = pct(catchAll, total);
    advice.push(
      share > CATCH_ALL_WARNING_SHARE
        ? `${n(catchAll)} addresses (${share} %) are Catch-all: too many to send to at once. Send to them separately, in small batches, and stop if bounces rise.`
        : `The ${n(catchAll)} Catch-all addresses cannot be confirmed: send to them separately and watch the bounces.`,
    );
  }
  const retry = c('unknown') + c('error');
  if (retry > 0)
    advice.push(
      `The ${n(retry)} Unknown and Error addresses were not charged: verify them again later before sending.`,
    );
  return advice;
}

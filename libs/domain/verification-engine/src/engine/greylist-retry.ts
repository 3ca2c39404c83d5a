import { VerificationMode } from '../verification.types';
import { DomainFindings, FindingsContext, reprobe } from './domain-findings';
import type { ProbeControl } from './probe-outcome';

// Replies that a later attempt from the same client commonly turns into a decision.
const WAIT_AND_RETRY = new Set(['greylisted', 'temporary_failure', 'too_many_recipients', 'rate_limited']);

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function needsRetry(findings: DomainFindings): string[] | null {
  const waiting = [...findings.outcomes].filter(([, o]) => WAIT_AND_RETRY.has(o.kind)).map(([a]) => a);
  const catchAllOpen = findings.catchAll === null && [...findings.outcomes.values()].some((o) => o.kind === 'accepted');
  return waiting.length || catchAllOpen ? waiting : null;
}

/**
 * Greylisting and other 4xx answers. Interactive mode waits the configured delays as long
 * as each wait ends inside the budget; bulk mode never waits and tells the caller when to
 * come back. Returns the suggested retryAfterMs for whatever stayed undecided.
 */
export async function settleTemporaryFailures(
  ctx: FindingsContext,
  domain: string,
  findings: DomainFindings,
  mode: VerificationMode,
  delays: number[],
  deadline: number,
  control: ProbeControl = {},
): Promise<number | undefined> {
  if (findings.status !== 'probed') return undefined;
  let attempt = 0;
  if (mode === 'interactive') {
    for (let pending = needsRetry(findings); pending; pending = needsRetry(findings)) {
      const delay = delays[attempt];
      if (delay === undefined || ctx.clock() + delay >= deadline || control.signal?.aborted) break;
      ctx.observer.greylistRetried(pending.length);
      await sleep(delay);
      attempt++;
      await reprobe(ctx, domain, pending, deadline, findings, control);
    }
  }
  // The MX back-offs the probes met or began, the catch-all probe's included: no retry is suggested before they end.
  const waits = [...findings.outcomes.values()].map((o) => o.retryAfterMs ?? 0);
  const backoff = Math.max(0, findings.catchAllRetryAfterMs ?? 0, ...waits);
  return Math.max(backoff, delays[attempt] ?? delays[delays.length - 1] ?? 0);
}

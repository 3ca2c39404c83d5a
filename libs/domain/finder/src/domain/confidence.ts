/** What the mail server said about the returned address. */
export type FinderVerdict = 'ok' | 'catch_all' | 'unknown';

/**
 * Confidence bands per verdict (0 is reserved for Not Found):
 * - ok 85..99: the server accepted this mailbox and rejects others; never 100, because an
 *   accepted "first@" or "flast@" may belong to a namesake rather than this person.
 * - catch_all 20..75: the server accepts anything, so only the format belief speaks; the top
 *   prior pattern alone lands near 40, a format confirmed by several known addresses near 65-75.
 * - unknown 10..50: nothing was confirmed (only returned when the domain's format is known), so
 *   it sits below a catch-all acceptance of the same format.
 */
export const CONFIDENCE_BANDS: Record<FinderVerdict, { floor: number; ceiling: number }> = {
  ok: { floor: 85, ceiling: 99 },
  catch_all: { floor: 20, ceiling: 75 },
  unknown: { floor: 10, ceiling: 50 },
};

/**
 * confidence = round(floor + (ceiling - floor) * belief), with the verdict's band and
 * belief = the candidate's prior (0..1): the pattern's documented share of corporate domains,
 * moved towards the domain's own format by earlier addresses found there (patternBelief), times
 * the likelihood of the name spelling used (1 for the plain spelling, less for mueller or berg).
 * A contact missing a name part can only reach the formats that part renders, each with its own
 * share as prior: a last name alone has only `last@` (1.3 %), so it scores at the foot of each band
 * unless the domain is known to use that format.
 */
export function findConfidence(verdict: FinderVerdict, belief: number): number {
  const { floor, ceiling } = CONFIDENCE_BANDS[verdict];
  const bounded = Math.min(1, Math.max(0, Number.isFinite(belief) ? belief : 0));
  return Math.round(floor + (ceiling - floor) * bounded);
}

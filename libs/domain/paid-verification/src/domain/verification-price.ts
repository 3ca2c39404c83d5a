import type { VerificationResultName } from '@lib/verification-engine';

/**
 * The spec's price list, the one rule for every paid verification (single, batch and bulk-job rows):
 * a decisive result costs 1 credit; `unknown` and `error` are free.
 */
const VERIFICATION_PRICE: Record<VerificationResultName, 0 | 1> = {
  ok: 1,
  invalid: 1,
  catch_all: 1,
  disposable: 1,
  unknown: 0,
  error: 0,
};

export const creditsFor = (result: VerificationResultName): 0 | 1 => VERIFICATION_PRICE[result];

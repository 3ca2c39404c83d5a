import type { ErasuresState } from './erasure.decider';
import type { ErasureTarget } from './erasure.events';

/** The stream of one account's erasures. */
export const erasureStream = (accountId: string): string => `erasures-${accountId}`;

/** The id of a job's erasure: a job is erased once, so asking again finds the same erasure. */
export const jobErasureId = (jobId: number): string => `job-${jobId}`;

/** The id of an account's erasure at closure: an account is closed once. */
export const ACCOUNT_ERASURE_ID = 'account';

/** Whether an erasure's scopes are prefixes, each destroying every key under it (an account's). */
export const erasesByPrefix = (target: ErasureTarget): boolean => target.kind === 'account';

/**
 * The id of an address's erasure: the one still running for that digest if there is one (asking twice while
 * it runs finds it), a new one otherwise (the address may have come back since an earlier erasure).
 */
export function addressErasureId(state: ErasuresState, digest: string): string {
  const ofAddress = Object.values(state).filter(
    (progress) => progress.request.target.kind === 'address' && progress.request.target.digest === digest,
  );
  const running = ofAddress.find((progress) => progress.step !== 'completed');
  return running ? running.request.erasureId : `address-${digest}-${ofAddress.length + 1}`;
}

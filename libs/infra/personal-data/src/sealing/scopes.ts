import { createHmac } from 'node:crypto';

// The scopes of data keys: what one erasure destroys. docs/personal-data.md says why these.

/** Everything of one account starts with this: closing the account destroys the prefix. */
export const accountScopePrefix = (accountId: string): string => `account:${accountId}:`;

/** The key behind an account's address digests (never seals data itself). */
export const accountPepperScope = (accountId: string): string => `${accountScopePrefix(accountId)}pepper`;

/** Single and batch calls of one account on one UTC day: retention destroys whole days. */
export const callsDayScope = (accountId: string, at: string): string =>
  `${accountScopePrefix(accountId)}calls:${at.slice(0, 10)}`;

/** Finder calls of one account on one UTC day. */
export const finderDayScope = (accountId: string, at: string): string =>
  `${accountScopePrefix(accountId)}finder:${at.slice(0, 10)}`;

/** Everything one job holds: "delete now" and the job's retention destroy it. */
export const jobScope = (accountId: string, jobId: string | number): string =>
  `${accountScopePrefix(accountId)}job:${jobId}`;

/**
 * What one erasure must read while it runs and nothing after (the address a data subject asked to erase):
 * the workflow destroys it once the erasure is completed.
 */
export const erasureScope = (accountId: string, erasureId: string): string =>
  `${accountScopePrefix(accountId)}erasure:${erasureId}`;

/** How addresses are compared for a data subject's request: trimmed and case-folded. */
export const subjectAddress = (address: string): string => address.trim().toLowerCase();

/**
 * One address of one account (a data subject's request destroys it), named by an HMAC under the account's
 * pepper: the key store never holds the address or a hash anyone could recompute from a guess.
 */
export function addressScope(accountId: string, address: string, pepper: Buffer): string {
  const digest = createHmac('sha256', pepper).update(subjectAddress(address)).digest('hex').slice(0, 32);
  return `${accountScopePrefix(accountId)}address:${digest}`;
}

/**
 * Test mode keeps its activity apart by construction: a test key spends, records and reads under a shadow
 * account, the live account's id behind a fixed prefix, so its ledger, history, jobs and webhooks live in
 * streams and documents no live query can name. This file is the one place that derives and recognises
 * that id; everything else asks it (docs/test-mode.md).
 */
export type AccountMode = 'live' | 'test';

// Live account ids are numeric (newNumericId), so no live id can start with it.
const TEST_ACCOUNT_PREFIX = 'test_';

/** The shadow account a live account's test keys work under. */
export function testAccountOf(liveAccountId: string): string {
  return isTestAccount(liveAccountId) ? liveAccountId : `${TEST_ACCOUNT_PREFIX}${liveAccountId}`;
}

/** The live account a shadow account belongs to (its team, roles and keys); a live id is its own. */
export function liveAccountOf(accountId: string): string {
  return isTestAccount(accountId) ? accountId.slice(TEST_ACCOUNT_PREFIX.length) : accountId;
}

export function isTestAccount(accountId: string): boolean {
  return accountId.startsWith(TEST_ACCOUNT_PREFIX);
}

export function accountModeOf(accountId: string): AccountMode {
  return isTestAccount(accountId) ? 'test' : 'live';
}

import type { RelayMessageV1 } from '@lib/messaging';

/**
 * One relayed event's contribution to usage: stored as a document of its own under the event id, so
 * a redelivered event overwrites itself instead of counting twice, and processes never race on a
 * shared counter. Daily figures are summed from these when read.
 */
export interface UsageFactDoc {
  _id: string;
  day: string;
  accountId: string;
  /** The key that made the call; 'unknown' for calls whose events do not name one (finder). */
  keyId: string;
  kind: 'verification' | 'finder';
  calls: number;
  credits: number;
  /** Calls per result: ok, invalid, catch_all, unknown… for verifications; found / not_found for the finder. */
  byResult: Record<string, number>;
  at: string;
}

export const USAGE_FACTS_COLLECTION = 'usage_facts';
export const USAGE_TOPICS = ['verifications', 'finder'] as const;

type VerificationData = { accountId: string; keyId: string; at: string; result?: { result: string; creditsCharged: number }; results?: Array<{ result: string; creditsCharged: number }> };
type FinderData = { accountId: string; creditsCharged: number; at: string };

/** The usage fact of a relayed event, or null for events that are not calls. */
export function usageFactOf(message: RelayMessageV1): UsageFactDoc | null {
  const base = { _id: message.eventId, day: '', accountId: '', keyId: 'unknown', calls: 0, credits: 0, byResult: {} as Record<string, number>, at: '' };
  if (message.type === 'EmailVerified' || message.type === 'BatchVerified') {
    const data = message.data as VerificationData;
    const results = message.type === 'EmailVerified' ? [data.result!] : data.results ?? [];
    const byResult: Record<string, number> = {};
    for (const result of results) byResult[result.result] = (byResult[result.result] ?? 0) + 1;
    const credits = results.reduce((sum, result) => sum + result.creditsCharged, 0);
    return { ...base, day: data.at.slice(0, 10), accountId: data.accountId, keyId: data.keyId, kind: 'verification', calls: results.length, credits, byResult, at: data.at };
  }
  if (message.type === 'EmailFound' || message.type === 'EmailNotFound') {
    const data = message.data as FinderData;
    const result = message.type === 'EmailFound' ? 'found' : 'not_found';
    return { ...base, day: data.at.slice(0, 10), accountId: data.accountId, kind: 'finder', calls: 1, credits: data.creditsCharged, byResult: { [result]: 1 }, at: data.at };
  }
  return null;
}

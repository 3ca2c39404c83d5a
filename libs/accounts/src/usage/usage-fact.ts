import type { DomainEvent } from '@lib/common';
import type { RelayedEvent } from '@lib/messaging';

/**
 * One relayed event's contribution to usage: stored as a document of its own under the event id, so
 * a redelivered event overwrites itself instead of counting twice, and processes never race on a
 * shared counter. Daily figures are summed from these when read.
 */
export interface UsageFactDoc {
  _id: string;
  day: string;
  accountId: string;
  /**
   * The key that made the call (`session:<id>` for a signed-in dashboard user); 'unknown' for calls
   * whose events do not name one (finder calls and bulk jobs recorded before their events did).
   */
  keyId: string;
  kind: 'verification' | 'finder';
  calls: number;
  credits: number;
  /** Calls per result: ok, invalid, catch_all, unknown… for verifications; found / not_found for the finder. */
  byResult: Record<string, number>;
  at: string;
}

export const USAGE_FACTS_COLLECTION = 'usage_facts';
export const USAGE_TOPICS = ['verifications', 'finder', 'jobs'] as const;

type VerificationData = {
  accountId: string;
  keyId: string;
  at: string;
  result?: { result: string; creditsCharged: number };
  results?: Array<{ result: string; creditsCharged: number }>;
};
type FinderData = { accountId: string; keyId?: string; creditsCharged: number; at: string };
/** The fields of ChunkCompleted (verification jobs) and FinderChunkCompleted this reads. */
type ChunkData = {
  charged: number;
  completedAt: string;
  snapshot: { accountId: string; keyId?: string };
  results: Array<{ verdict?: { result: string }; outcome?: { email: string | null } }>;
};

/**
 * The usage fact of a relayed event, or null for events that are not calls. The event comes in today's
 * shape (the worker's consumer upcasts it with its aggregate's upcasters); the events' types live in
 * libs that depend on this one, so the fields read are declared above instead of imported.
 */
export function usageFactOf(message: RelayedEvent<DomainEvent>): UsageFactDoc | null {
  const base = {
    _id: message.eventId,
    day: '',
    accountId: '',
    keyId: 'unknown',
    calls: 0,
    credits: 0,
    byResult: {} as Record<string, number>,
    at: '',
  };
  if (message.type === 'EmailVerified' || message.type === 'BatchVerified') {
    const data = message.data as VerificationData;
    const results = message.type === 'EmailVerified' ? [data.result!] : (data.results ?? []);
    const byResult: Record<string, number> = {};
    for (const result of results) byResult[result.result] = (byResult[result.result] ?? 0) + 1;
    const credits = results.reduce((sum, result) => sum + result.creditsCharged, 0);
    return {
      ...base,
      day: data.at.slice(0, 10),
      accountId: data.accountId,
      keyId: data.keyId,
      kind: 'verification',
      calls: results.length,
      credits,
      byResult,
      at: data.at,
    };
  }
  if (message.type === 'EmailFound' || message.type === 'EmailNotFound') {
    const data = message.data as FinderData;
    const result = message.type === 'EmailFound' ? 'found' : 'not_found';
    return {
      ...base,
      day: data.at.slice(0, 10),
      accountId: data.accountId,
      keyId: data.keyId ?? 'unknown',
      kind: 'finder',
      calls: 1,
      credits: data.creditsCharged,
      byResult: { [result]: 1 },
      at: data.at,
    };
  }
  if (message.type === 'ChunkCompleted' || message.type === 'FinderChunkCompleted') {
    // A bulk job's chunk: each address verified (or person looked up) is one call, charged as the chunk was.
    const data = message.data as ChunkData;
    const finder = message.type === 'FinderChunkCompleted';
    const byResult: Record<string, number> = {};
    for (const row of data.results) {
      const result = finder ? (row.outcome?.email ? 'found' : 'not_found') : row.verdict!.result;
      byResult[result] = (byResult[result] ?? 0) + 1;
    }
    return {
      ...base,
      day: data.completedAt.slice(0, 10),
      accountId: data.snapshot.accountId,
      keyId: data.snapshot.keyId ?? 'unknown',
      kind: finder ? 'finder' : 'verification',
      calls: data.results.length,
      credits: data.charged,
      byResult,
      at: data.completedAt,
    };
  }
  return null;
}

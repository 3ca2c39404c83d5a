import { isTestAccount } from '@lib/common';
import type { FinderCallEvent, FinderJobEvent } from '@lib/finder';
import type { VerificationJobEvent } from '@lib/verification-jobs';
import type { RelayedEvent } from '@lib/messaging';
import type { VerificationEvent } from '@lib/paid-verification';

/**
 * One relayed event's contribution to usage: stored as a document of its own under the event id, so
 * a redelivered event finds its fact stored and adds nothing instead of counting twice (a fact is
 * inserted once, never updated: no lookup per call), and processes never race on a shared counter. Daily figures are summed from these when read.
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

/** The call events a usage fact is made of, as their aggregates declare them. */
export type CallEvent = VerificationEvent | FinderCallEvent | VerificationJobEvent | FinderJobEvent;

/**
 * The usage fact of a relayed event, or null for events that are not calls and for test mode's calls (its
 * shadow accounts keep no usage: docs/test-mode.md). The event comes in today's shape: the consumer reads it
 * through its aggregate's upcasters (usage-analytics.consumer.ts).
 */
export function usageFactOf(message: RelayedEvent<CallEvent>): UsageFactDoc | null {
  const fact = callFactOf(message);
  return fact && !isTestAccount(fact.accountId) ? fact : null;
}

function callFactOf(message: RelayedEvent<CallEvent>): UsageFactDoc | null {
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
    const { data } = message;
    const results = message.type === 'EmailVerified' ? [message.data.result] : message.data.results;
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
    const { data } = message;
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
    const { data } = message;
    const finder = message.type === 'FinderChunkCompleted';
    const results =
      message.type === 'FinderChunkCompleted'
        ? message.data.results.map((row) => (row.outcome.status === 'Found' ? 'found' : 'not_found'))
        : message.data.results.map((row) => row.verdict.result);
    const byResult: Record<string, number> = {};
    for (const result of results) byResult[result] = (byResult[result] ?? 0) + 1;
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

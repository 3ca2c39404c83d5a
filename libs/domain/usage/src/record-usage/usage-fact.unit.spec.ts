import { RelayedEvent, RelayMessageV1, upcastRelayed } from '@lib/messaging';
import { CallEvent, usageFactOf } from './usage-fact';

// Read as the consumer reads a relayed message (no upcaster: these payloads are today's shape).
const message = (type: string, data: Record<string, unknown>): RelayedEvent<CallEvent> =>
  upcastRelayed<CallEvent>(relayed(type, data), undefined);

const relayed = (type: string, data: Record<string, unknown>): RelayMessageV1 => ({
  schemaVersion: 1,
  eventId: 'evt-1',
  type,
  stream: 'verifications-1',
  category: 'verifications',
  position: 9,
  revision: 0,
  occurredAt: '2025-03-04T05:06:07.000Z',
  data,
});

describe('usage fact', () => {
  it('counts a batch by result, under the event id (a redelivery overwrites the same fact)', () => {
    const fact = usageFactOf(
      message('BatchVerified', {
        accountId: '1',
        keyId: 'k',
        at: '2025-03-04T05:06:07.000Z',
        results: [
          { result: 'ok', creditsCharged: 1 },
          { result: 'ok', creditsCharged: 1 },
          { result: 'unknown', creditsCharged: 0 },
        ],
      }),
    );
    expect(fact).toEqual({
      _id: 'evt-1',
      day: '2025-03-04',
      accountId: '1',
      keyId: 'k',
      kind: 'verification',
      calls: 3,
      credits: 2,
      byResult: { ok: 2, unknown: 1 },
      at: '2025-03-04T05:06:07.000Z',
    });
  });

  it('counts a finder call as found or not found, and ignores events that are not calls', () => {
    expect(
      usageFactOf(message('EmailNotFound', { accountId: '1', creditsCharged: 0, at: '2025-03-04T00:00:00.000Z' })),
    ).toMatchObject({ kind: 'finder', calls: 1, credits: 0, byResult: { not_found: 1 }, keyId: 'unknown' });
    expect(usageFactOf(message('CreditsUsed', { accountId: '1' }))).toBeNull();
  });

  it('counts a bulk-job chunk per address or person under the key in its snapshot, or unknown for older jobs', () => {
    const chunk = (snapshot: Record<string, unknown>) =>
      message('FinderChunkCompleted', {
        charged: 10,
        completedAt: '2025-03-04T05:06:07.000Z',
        snapshot,
        results: [
          { outcome: { status: 'Found', email: 'a@b.example' } },
          { outcome: { status: 'Not Found', email: null } },
        ],
      });
    expect(usageFactOf(chunk({ accountId: '1', keyId: 'k' }))).toEqual({
      _id: 'evt-1',
      day: '2025-03-04',
      accountId: '1',
      keyId: 'k',
      kind: 'finder',
      calls: 2,
      credits: 10,
      byResult: { found: 1, not_found: 1 },
      at: '2025-03-04T05:06:07.000Z',
    });
    expect(usageFactOf(chunk({ accountId: '1' }))).toMatchObject({ keyId: 'unknown' });
    expect(
      usageFactOf(
        message('EmailFound', { accountId: '1', keyId: 'k', creditsCharged: 10, at: '2025-03-04T00:00:00.000Z' }),
      ),
    ).toMatchObject({ keyId: 'k', byResult: { found: 1 } });
  });
});

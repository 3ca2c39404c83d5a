import { DomainError } from '@lib/common';
import { deciderSpec } from '@lib/common/testing';
import { idempotencyDecider } from './idempotency.decider';
import { IdempotencyCommand, IdempotencyEvent } from './idempotency.events';

const at = '2025-01-01T00:01:00.000Z';
const staleBefore = '2025-01-01T00:00:00.000Z';
const claim = (requestHash: string, claimId: string): IdempotencyCommand => ({
  type: 'ClaimKey',
  requestHash,
  claimId,
  at,
  staleBefore,
});

const given = deciderSpec(idempotencyDecider);

const claimed: IdempotencyEvent = {
  type: 'IdempotencyKeyClaimed',
  data: { requestHash: 'h1', claimId: 'c1', at: '2025-01-01T00:00:30.000Z' },
};
const recorded: IdempotencyEvent = {
  type: 'IdempotentResponseRecorded',
  data: { requestHash: 'h1', claimId: 'c1', response: { ok: 1 }, at },
};

describe('idempotency key', () => {
  it('is claimed by the first request', () => {
    given([])
      .when(claim('h1', 'c1'))
      .then([expect.objectContaining({ type: 'IdempotencyKeyClaimed' })]);
  });

  it('is not claimed again while its request runs', () => {
    given([claimed]).when(claim('h1', 'c2')).then([]);
  });

  it('is taken over when the running claim is older than the stale bound', () => {
    const old: IdempotencyEvent = { ...claimed, data: { ...claimed.data, at: '2024-12-31T23:59:00.000Z' } };
    const [takeover] = given([old]).when(claim('h1', 'c2')).events();
    // Named so the new claimant can find what the dead one recorded (and charged) before it died.
    expect(takeover.data).toMatchObject({ claimId: 'c2', supersedes: 'c1' });
  });

  it('names no earlier claim on a first claim', () => {
    const [first] = given([]).when(claim('h1', 'c1')).events();
    expect(first.data).not.toHaveProperty('supersedes');
  });

  it('replays the recorded response instead of claiming', () => {
    const { state, when } = given([claimed, recorded]);
    when(claim('h1', 'c2')).then([]);
    expect(state).toEqual({ status: 'recorded', requestHash: 'h1', response: { ok: 1 } });
  });

  it('refuses a different request body with IDEMPOTENCY_KEY_REUSED', () => {
    given([claimed, recorded])
      .when(claim('h2', 'c2'))
      .thenThrows((error) => error instanceof DomainError);
    given([claimed]).when(claim('h2', 'c2')).thenThrows('IDEMPOTENCY_KEY_REUSED');
  });

  it('can be claimed again after its request failed', () => {
    const released: IdempotencyEvent = { type: 'IdempotencyKeyReleased', data: { claimId: 'c1', reason: '402', at } };
    const [again] = given([claimed, released]).when(claim('h2', 'c2')).events();
    expect(again.data).toMatchObject({ claimId: 'c2', supersedes: 'c1' });
  });

  it('does not record a response for a claim that was taken over', () => {
    given([claimed]).when({ type: 'RecordResponse', claimId: 'c0', response: {}, at }).then([]);
  });

  it('names the work a dead claim had bound itself to when it is taken over', () => {
    const old: IdempotencyEvent = { ...claimed, data: { ...claimed.data, at: '2024-12-31T23:59:00.000Z' } };
    const bound: IdempotencyEvent = {
      type: 'IdempotentWorkBound',
      data: { claimId: 'c1', work: '42', at: old.data.at },
    };
    const [takeover] = given([old, bound]).when(claim('h1', 'c2')).events();
    expect(takeover.data).toMatchObject({ claimId: 'c2', supersedes: 'c1', supersededWork: '42' });
  });

  it('refuses to bind work for a claim that was taken over', () => {
    const { when } = given([claimed]);
    when({ type: 'BindWork', claimId: 'c0', work: '42', at }).thenThrows('IDEMPOTENCY_IN_PROGRESS');
    expect(when({ type: 'BindWork', claimId: 'c1', work: '42', at }).events()).toHaveLength(1);
  });
});

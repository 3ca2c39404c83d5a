import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { FakeClock } from '@lib/common/testing';
import { longestPaidCallMs } from '@lib/config';
import { SqliteEventStore } from '@lib/eventstore';
import { IdempotencyGate } from './idempotency-gate';

describe('idempotency gate, a claim whose process died', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'idempotency-gate-'));
  const store = new SqliteEventStore(path.join(dir, 'events.sqlite'));
  const clock = FakeClock.at(Date.UTC(2026, 0, 1));
  const interactiveBudgetMs = 25_000;
  const gate = new IdempotencyGate(store, clock, { interactiveBudgetMs });
  const bound = longestPaidCallMs(interactiveBudgetMs);

  afterAll(async () => {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('finding 17: is taken over once it is older than the longest paid call (the same bound for every paid call)', async () => {
    const dead = await gate.claim('acct', 'batch-key', 'h');
    clock.advance(bound - 1_000);
    await expect(gate.claim('acct', 'batch-key', 'h', { waitMs: 0 })).rejects.toMatchObject({
      errorName: 'IDEMPOTENCY_IN_PROGRESS',
    });
    clock.advance(2_000);
    const retry = await gate.claim('acct', 'batch-key', 'h', { waitMs: 0 });
    expect(retry).toMatchObject({ replayed: false, attempt: { supersedes: !dead.replayed && dead.attempt.id } });
    expect(bound).toBeLessThan(15 * 60_000);
  });

  it('finding 17: lets a retry that began waiting before the claim went stale take over the moment it does', async () => {
    const dead = await gate.claim('acct', 'waiting-key', 'h');
    clock.advance(bound - 10_000);
    const retry = gate.claim('acct', 'waiting-key', 'h', { waitMs: 120_000, staleMs: bound });
    // Time for the retry to find the claim running and start waiting on it.
    await new Promise((resolve) => setTimeout(resolve, 100));
    clock.advance(11_000); // stale now, well before the retry's deadline
    // Time for the retry's next look at the key; then past its deadline, where waiting alone answers 409.
    await new Promise((resolve) => setTimeout(resolve, 500));
    clock.advance(120_000);
    await expect(retry).resolves.toMatchObject({
      replayed: false,
      attempt: { supersedes: !dead.replayed && dead.attempt.id },
    });
  });

  it('records nothing for a claimant that answers after its claim was taken over, and replays the taker', async () => {
    const dead = await gate.claim<string>('acct', 'late-key', 'h');
    clock.advance(bound + 1_000);
    const taker = await gate.claim<string>('acct', 'late-key', 'h', { waitMs: 0 });
    if (dead.replayed || taker.replayed) throw new Error('expected two claims');
    // The late answer was decided on the claim as its own append left it: the taker's claim makes it conflict.
    await gate.answer(dead.attempt, Promise.resolve('late'));
    await expect(gate.claim('acct', 'late-key', 'h', { waitMs: 0 })).rejects.toMatchObject({
      errorName: 'IDEMPOTENCY_IN_PROGRESS',
    });
    await gate.answer(taker.attempt, Promise.resolve('taker'));
    await expect(gate.claim('acct', 'late-key', 'h')).resolves.toEqual({ replayed: true, data: 'taker' });
  });
});

describe('idempotency gate, work answered before its last write ends (answerFinishing)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'idempotency-finishing-'));
  const store = new SqliteEventStore(path.join(dir, 'events.sqlite'));
  const gate = new IdempotencyGate(store, FakeClock.at(Date.UTC(2026, 0, 1)), { interactiveBudgetMs: 25_000 });
  const claimed = async (key: string) => {
    const claim = await gate.claim<string>('acct', key, 'h');
    if (claim.replayed) throw new Error('expected a fresh claim');
    return claim.attempt;
  };

  afterAll(async () => {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers only once the last write has ended, and a retry replays the answer', async () => {
    let endLastWrite!: () => void;
    const lastWrite = new Promise<void>((resolve) => (endLastWrite = resolve));
    let answered = false;
    const answering = gate
      .answerFinishing(await claimed('finishing'), Promise.resolve({ answer: 'ok', finishing: lastWrite }))
      .then((answer) => ((answered = true), answer));
    await new Promise((resolve) => setTimeout(resolve, 50)); // the response's append has had its commit
    expect(answered).toBe(false);
    endLastWrite();
    await expect(answering).resolves.toBe('ok');
    await expect(gate.claim('acct', 'finishing', 'h')).resolves.toEqual({ replayed: true, data: 'ok' });
  });

  it('throws a failed last write on, keeping the recorded answer for the retry', async () => {
    const attempt = await claimed('last-write-failed');
    const finishing = Promise.reject(new Error('settle failed'));
    await expect(gate.answerFinishing(attempt, Promise.resolve({ answer: 'ok', finishing }))).rejects.toThrow(
      'settle failed',
    );
    await expect(gate.claim('acct', 'last-write-failed', 'h')).resolves.toEqual({ replayed: true, data: 'ok' });
  });

  it('releases the key when the work fails before it has an answer', async () => {
    const attempt = await claimed('work-failed');
    await expect(gate.answerFinishing(attempt, Promise.reject(new Error('probe failed')))).rejects.toThrow();
    await expect(gate.claim('acct', 'work-failed', 'h')).resolves.toMatchObject({
      replayed: false,
      attempt: { supersedes: attempt.id },
    });
  });
});

import { randomUUID } from 'node:crypto';
import { eventually, FakeClock } from '@lib/common/testing';
import { CreditLedger } from '@lib/ledger';
import { ExpiredHoldSweeper } from '@lib/ledger/testing';
import { EventStore } from '@lib/eventstore';
import { VerificationEngine } from '@lib/verification-engine';
import { requestFingerprint } from '@lib/idempotency';
import { idempotencyStream, sha256 } from '@lib/idempotency/testing';
import {
  answeredResult,
  EmailVerified,
  toRecordedResult,
  VerificationResult,
  verificationStream,
} from '@lib/paid-verification/testing';
import { startVerifyWorld, VerifyWorld } from '../verify/verify-world';
import { longestPaidCallMs } from '@lib/config';

/**
 * A process can die at any point of a paid verification: after its hold, after recording the result,
 * after settling. Each test leaves in the stores exactly what a process dead at that point leaves
 * (through the same ledger, engine and event store the app uses), then retries the request as a
 * client would: the Idempotency-Key claim is older than the stale bound, so the retry takes it over.
 */
describe('Idempotency-Key when the first request died part-way', () => {
  let world: VerifyWorld;
  let ledger: CreditLedger;
  let events: EventStore;
  // Holds expire by advancing this clock past CREDIT_HOLD_EXPIRY_SECONDS; sweeping earlier never changes an outcome below.
  const clock = FakeClock.running();
  beforeAll(async () => {
    world = await startVerifyWorld({}, { clock });
    ledger = world.app.running.app.get(CreditLedger);
    events = world.app.running.app.get(EventStore);
  });
  afterAll(async () => {
    await world?.close();
  });

  const retry = (apiKey: string, email: string, idem: string) =>
    world.app.request('POST', '/v1/verify/single', {
      key: apiKey,
      body: { email },
      headers: { 'idempotency-key': idem },
    });

  /** The claim a dead process left: older than the longest paid call (the gate's stale bound), never recorded nor released. */
  async function deadClaim(accountId: string, idem: string, email: string, claimId: string): Promise<void> {
    const age = longestPaidCallMs(world.app.config.probe.interactiveBudgetMs) + 10_000;
    const at = new Date(Date.now() - age).toISOString();
    await events.appendToStream(
      idempotencyStream(accountId, sha256(idem)),
      [
        {
          type: 'IdempotencyKeyClaimed',
          data: { requestHash: requestFingerprint('verify.single', email), claimId, at },
        },
      ],
      'no_stream',
    );
  }

  /** What the dead process recorded before it died (a real probe of the address, charged 1 credit), as the API answers it. */
  async function recordVerification(
    account: { accountId: string; keyId: string },
    email: string,
    verificationId: string,
    remaining: number,
  ): Promise<VerificationResult> {
    const [verdict] = await world.app.running.app.get(VerificationEngine).verifyMany([email], { mode: 'interactive' });
    const result = toRecordedResult(verdict, 1, remaining);
    const event: EmailVerified = {
      type: 'EmailVerified',
      data: {
        verificationId,
        accountId: account.accountId,
        keyId: account.keyId,
        verdict,
        result,
        at: new Date().toISOString(),
      },
    };
    await events.appendToStream(verificationStream(verificationId), [event], 'no_stream');
    return answeredResult(result, verdict, false);
  }

  const holdFor = (accountId: string, holdId: string) =>
    ledger.hold(accountId, { holdId, amount: 1, purpose: 'verification', reference: holdId });

  it('died after settling, before storing its response: the retry replays the recorded result without a probe or a second charge', async () => {
    const account = await world.app.createAccount(5);
    const first = randomUUID();
    const recorded = await recordVerification(account, 'carol@acme.test', first, 4);
    await holdFor(account.accountId, first);
    await ledger.settle(account.accountId, first, 1);
    await deadClaim(account.accountId, 'died-after-settle', 'carol@acme.test', first);
    const probes = world.rcptsFor('carol@acme.test');

    const res = await retry(account.apiKey, 'carol@acme.test', 'died-after-settle');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(recorded);
    expect(world.rcptsFor('carol@acme.test')).toBe(probes);
    expect(await ledger.current(account.accountId)).toMatchObject({ balance: 4, held: 0 });
    // The takeover stored the response: a further retry is a plain replay.
    const again = await retry(account.apiKey, 'carol@acme.test', 'died-after-settle');
    expect(again.text).toBe(res.text);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
  });

  it('died after recording, before settling: the retry replays the recorded result and charges it exactly once', async () => {
    const account = await world.app.createAccount(5);
    const first = randomUUID();
    // Recorded before the hold (a live process holds first) so that no sweep can fall between the two.
    const recorded = await recordVerification(account, 'dave@acme.test', first, 4);
    await holdFor(account.accountId, first);
    await deadClaim(account.accountId, 'died-after-record', 'dave@acme.test', first);
    const probes = world.rcptsFor('dave@acme.test');

    const res = await retry(account.apiKey, 'dave@acme.test', 'died-after-record');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(recorded);
    expect(world.rcptsFor('dave@acme.test')).toBe(probes);
    expect(await ledger.current(account.accountId)).toMatchObject({ balance: 4, held: 0 });
  });

  it('died before recording: the retry probes again, the dead hold is released and only the retry is charged', async () => {
    const account = await world.app.createAccount(5);
    const first = randomUUID();
    await holdFor(account.accountId, first);
    await deadClaim(account.accountId, 'died-before-record', 'alice@acme.test', first);
    const probes = world.rcptsFor('alice@acme.test');

    const res = await retry(account.apiKey, 'alice@acme.test', 'died-before-record');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ email: 'alice@acme.test', result: 'ok', creditsCharged: 1 });
    expect(world.rcptsFor('alice@acme.test')).toBe(probes + 1);
    expect(await ledger.current(account.accountId)).toMatchObject({ balance: 4, held: 0 });
  });

  it('the hold sweeper charges an expired hold whose verification was recorded and releases one whose work left no record', async () => {
    const account = await world.app.createAccount(5);
    const recordedHold = randomUUID();
    const emptyHold = randomUUID();
    await recordVerification(account, 'carol@acme.test', recordedHold, 3);
    await holdFor(account.accountId, recordedHold);
    await holdFor(account.accountId, emptyHold);
    clock.advance(world.app.config.credits.holdExpirySeconds * 1000 + 1000);
    // The sweeper reads the projected open holds (retried until they are there); the worker's own timer
    // may get there first; either way the ledger below must be the outcome.
    await eventually(async () => {
      await world.app.running.app.get(ExpiredHoldSweeper).sweepOnce();
      expect(await ledger.current(account.accountId)).toMatchObject({ balance: 4, held: 0, available: 4 });
    });
  });
});

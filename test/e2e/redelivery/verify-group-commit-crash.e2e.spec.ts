import { eventually, FakeClock } from '@lib/common/testing';
import { longestPaidCallMs } from '@lib/config';
import { CreditLedger } from '@lib/ledger';
import { ExpiredHoldSweeper } from '@lib/ledger/testing';
import { EventStore, type NewEvent } from '@lib/eventstore';
import { accept } from '../../support/peers/smtp-peer';
import { GroupKillingEventStore } from '../../support/harness/group-killing-event-store';
import { startVerifyWorld, VerifyWorld } from '../verify/verify-world';

const CALLS = 20;
const address = (n: number) => `user${n}@crash.test`;
/** Even userN exist: a mix of ok and invalid, each charged 1 credit. */
const expected = (n: number) => (n % 2 === 0 ? 'ok' : 'invalid');
const DOMAINS = {
  'crash.test': {
    recipients: Object.fromEntries(
      Array.from({ length: CALLS }, (_, n) => n)
        .filter((n) => n % 2 === 0)
        .map((n) => [`user${n}`, accept()]),
    ),
  },
};

/** The fact whose group commit the process dies after: every step of a paid single verify. */
const POINTS: [string, (streamId: string, event: NewEvent) => boolean][] = [
  ['the Idempotency-Key claims', (_, e) => e.type === 'IdempotencyKeyClaimed'],
  ['the holds', (_, e) => e.type === 'CreditsHeld'],
  ['the verification records', (_, e) => e.type === 'EmailVerified'],
  ['the settles', (_, e) => e.type === 'CreditsUsed'],
  ['the stored responses', (_, e) => e.type === 'IdempotentResponseRecorded'],
];

/**
 * Group commit of the single-verify path: 20 concurrent calls, each under its own Idempotency-Key, whose
 * appends are written together; the process is killed right after one group is durable and before any of
 * its callers is answered (every other call in flight dies with it). The clients retry with the same keys
 * once the claims are stale, the hold sweeper ends what is left: every call is answered right, each
 * recorded verification is charged exactly once, and nothing is charged without a record.
 */
describe('single verify killed between a group commit and its answers', () => {
  const clock = FakeClock.running();

  describe.each(POINTS)('killed after the group that writes one of %s', (_, trigger) => {
    let world: VerifyWorld;
    let killer: GroupKillingEventStore | undefined;
    beforeAll(async () => {
      world = await startVerifyWorld(
        {},
        {
          clock,
          domains: DOMAINS,
          wrap: { eventStore: (store) => (killer = new GroupKillingEventStore(store, trigger)) },
        },
      );
    });
    afterAll(async () => {
      await world?.close();
    });

    const call = (apiKey: string, n: number) =>
      world.app.request('POST', '/v1/verify/single', {
        key: apiKey,
        body: { email: address(n) },
        headers: { 'idempotency-key': `group-crash-${n}` },
      });

    it('loses no charge and charges nothing twice; every retry answers right', async () => {
      const account = await world.app.createAccount(100);
      const first = await Promise.all(Array.from({ length: CALLS }, (_, n) => call(account.apiKey, n)));
      expect(killer!.hasFired).toBe(true);
      expect(killer!.lostAnswers).toBeGreaterThan(0);
      // The kill takes the calls in flight with it, not only the one whose append triggered it.
      expect(first.filter((res) => res.status !== 200).length).toBeGreaterThan(1);

      killer!.revive();
      clock.advance(longestPaidCallMs(world.app.config.probe.interactiveBudgetMs) + 10_000);
      const retried = await Promise.all(Array.from({ length: CALLS }, (_, n) => call(account.apiKey, n)));
      retried.forEach((res, n) => {
        expect(res.status).toBe(200);
        expect(res.body.data).toMatchObject({ email: address(n), result: expected(n), creditsCharged: 1 });
        if (first[n].status === 200) expect(res.text).toBe(first[n].text);
      });

      // Holds the dead process left (work that never recorded) expire and are released by the sweeper.
      clock.advance(world.app.config.credits.holdExpirySeconds * 1000 + 1000);
      const ledger = world.app.running.app.get(CreditLedger);
      await eventually(async () => {
        await world.app.running.app.get(ExpiredHoldSweeper).sweepOnce();
        expect(await ledger.current(account.accountId)).toMatchObject({ balance: 100 - CALLS, held: 0 });
      });

      const events = world.app.running.app.get(EventStore);
      const charged = (await events.readStream(`credits-${account.accountId}`))
        .filter((e) => e.type === 'CreditsUsed')
        .map((e) => e.data.reference as string)
        .sort();
      const recorded = (await events.readAll({ eventTypes: ['EmailVerified'] }))
        .filter((e) => e.data.accountId === account.accountId)
        .map((e) => e.data.verificationId as string)
        .sort();
      expect(recorded).toHaveLength(CALLS);
      expect(charged).toEqual(recorded);
    });
  });
});

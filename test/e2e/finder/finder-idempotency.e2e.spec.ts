import { CreditLedger } from '@lib/ledger';
import { ExpiredHoldSweeper } from '@lib/ledger/testing';
import { EventStore } from '@lib/eventstore';
import { FinderBatchAnswered, finderBatchStream, finderCallStream, FINDER_PRICE } from '@lib/finder/testing';
import { requestFingerprint } from '@lib/idempotency';
import { idempotencyStream, sha256 } from '@lib/idempotency/testing';
import { eventually, FakeClock } from '@lib/common/testing';
import { FinderWorld, holdFind, recordFindAnswer, startFinderWorld } from './finder-world';

const JANE = { firstName: 'Jane', lastName: 'Doe', domain: 'flast.test' };

/**
 * Idempotency-Key on the finder, and what a retry finds when the first request's process died part-way:
 * the stores are left exactly as a dead process leaves them (through the app's own ledger, finder and
 * event store), then the request is retried as a client would.
 */
describe('Idempotency-Key on the finder', () => {
  let world: FinderWorld;
  let ledger: CreditLedger;
  let events: EventStore;
  // The sweeper case moves this clock past the hold expiry instead of shortening the expiry: a 1 s expiry
  // let the sweeper release a find's hold while a loaded machine was still answering it.
  const clock = FakeClock.running();
  beforeAll(async () => {
    world = await startFinderWorld({}, { clock });
    ledger = world.app.running.app.get(CreditLedger);
    events = world.app.running.app.get(EventStore);
  }, 30_000);
  afterAll(() => world.close());

  const post = (apiKey: string, route: string, body: unknown, idem?: string) =>
    world.app.request('POST', route, { key: apiKey, body, headers: idem ? { 'idempotency-key': idem } : {} });

  /** A claim two hours old, bound to the work it was doing when its process died. */
  async function deadClaim(accountId: string, idem: string, requestHash: string, work: number): Promise<void> {
    const at = new Date(Date.now() - 2 * 3_600_000).toISOString();
    await events.appendToStream(
      idempotencyStream(accountId, sha256(idem)),
      [
        { type: 'IdempotencyKeyClaimed', data: { requestHash, claimId: 'dead', at } },
        { type: 'IdempotentWorkBound', data: { claimId: 'dead', work: String(work), at } },
      ],
      'no_stream',
    );
  }

  it('replays a single find without probing or charging again', async () => {
    const { apiKey, accountId } = await world.app.createAccount(100);
    const first = await post(apiKey, '/v1/finder', JANE, 'find-1');
    expect(first.body.data).toMatchObject({ email: 'jdoe@flast.test', creditsCharged: 10 });
    const probes = world.rcptsFor('flast.test').length;
    const again = await post(apiKey, '/v1/finder/single', JANE, 'find-1');
    expect(again.text).toBe(first.text);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(world.rcptsFor('flast.test')).toHaveLength(probes);
    expect(await ledger.current(accountId)).toMatchObject({ balance: 90, held: 0 });
  });

  it('replays a batch and refuses the key with other contacts (2002)', async () => {
    const { apiKey, accountId } = await world.app.createAccount(100);
    const contacts = [JANE, { firstName: 'Nobody', lastName: 'Here', domain: 'first.test' }];
    const first = await post(apiKey, '/v1/finder/batch', { contacts }, 'batch-1');
    expect(first.body.data.summary).toMatchObject({ found: 1, creditsCharged: 10 });
    const again = await post(apiKey, '/v1/finder/batch', { contacts }, 'batch-1');
    expect(again.text).toBe(first.text);
    const other = await post(apiKey, '/v1/finder/batch', { contacts: [JANE] }, 'batch-1');
    expect(other.status).toBe(400);
    expect(other.body.error.code).toBe(2002);
    expect(await ledger.current(accountId)).toMatchObject({ balance: 90, held: 0 });
  });

  it('after a single find died having recorded and charged its answer, the retry returns that answer with no probe and no second charge', async () => {
    const { apiKey, accountId } = await world.app.createAccount(100);
    const findId = Date.now() * 1000 + 7;
    await recordFindAnswer(world.app, accountId, findId, JANE);
    await holdFind(world.app, accountId, findId);
    await ledger.settle(accountId, finderCallStream(findId), FINDER_PRICE);
    await deadClaim(accountId, 'find-dead', requestFingerprint('finder.single', JANE), findId);
    const probes = world.rcptsFor('flast.test').length;

    const retry = await post(apiKey, '/v1/finder', JANE, 'find-dead');
    expect(retry.status).toBe(200);
    expect(retry.body.data).toMatchObject({ email: 'jdoe@flast.test', creditsCharged: 10, creditsRemaining: 90 });
    expect(world.rcptsFor('flast.test')).toHaveLength(probes);
    expect(await ledger.current(accountId)).toMatchObject({ balance: 90, held: 0 });
  });

  it('after a batch died having recorded but not settled its answer, the retry returns it and charges it once', async () => {
    const donor = await world.app.createAccount(100);
    const answered = await post(donor.apiKey, '/v1/finder/batch', { contacts: [JANE] });
    const { apiKey, accountId } = await world.app.createAccount(100);
    const batchId = Date.now() * 1000 + 9;
    const record: FinderBatchAnswered = {
      type: 'FinderBatchAnswered',
      data: { batchId, accountId, creditsCharged: 10, view: answered.body.data, at: new Date().toISOString() },
    };
    await events.appendToStream(finderBatchStream(batchId), [record], 'no_stream');
    await ledger.hold(accountId, {
      holdId: finderBatchStream(batchId),
      amount: FINDER_PRICE,
      purpose: 'finder_batch',
      reference: `finder-batch:${batchId}`,
    });
    await deadClaim(accountId, 'batch-dead', requestFingerprint('finder.batch', [JANE]), batchId);
    const probes = world.rcptsFor('flast.test').length;

    const retry = await post(apiKey, '/v1/finder/batch', { contacts: [JANE] }, 'batch-dead');
    expect(retry.status).toBe(200);
    expect(retry.body.data.results[0]).toMatchObject({ email: 'jdoe@flast.test', creditsCharged: 10 });
    expect(world.rcptsFor('flast.test')).toHaveLength(probes);
    expect(await ledger.current(accountId)).toMatchObject({ balance: 90, held: 0 });
  });

  it('the hold sweeper charges an expired batch hold whose answer was recorded', async () => {
    const { accountId } = await world.app.createAccount(100);
    const batchId = Date.now() * 1000 + 11;
    const view = {
      results: [],
      summary: { total: 1, found: 1, notFound: 0, errors: 0, creditsCharged: 10, creditsRemaining: 90 },
    };
    await events.appendToStream(
      finderBatchStream(batchId),
      [
        {
          type: 'FinderBatchAnswered',
          data: { batchId, accountId, creditsCharged: 10, view, at: new Date().toISOString() },
        },
      ],
      'no_stream',
    );
    await ledger.hold(accountId, {
      holdId: finderBatchStream(batchId),
      amount: 2 * FINDER_PRICE,
      purpose: 'finder_batch',
      reference: `finder-batch:${batchId}`,
    });
    clock.advance(world.app.config.credits.holdExpirySeconds * 1000 + 1000);
    // The sweeper reads the open-holds read model, which takes the new hold in asynchronously.
    const sweeper = world.app.running.app.get(ExpiredHoldSweeper);
    await eventually(async () => expect(await sweeper.sweepOnce()).toBe(1));
    expect(await ledger.current(accountId)).toMatchObject({ balance: 90, held: 0 });
  });
});

import { eventually, FakeClock } from '@lib/common/testing';
import { CreditLedger } from '@lib/ledger';
import { ExpiredHoldSweeper } from '@lib/ledger/testing';
import { FINDER_PRICE } from '@lib/finder/testing';
import { FinderWorld, holdFind, recordFindAnswer, startFinderWorld } from './finder-world';

/**
 * A single finder call records its outcome, then settles. A process that died in between leaves an
 * open hold next to a recorded found address: the sweeper must charge it, not give the address away;
 * a hold with no record (died while probing) is released.
 */
describe('hold sweeper on single finder calls', () => {
  let world: FinderWorld;
  // Holds expire by advancing this clock past CREDIT_HOLD_EXPIRY_SECONDS.
  const clock = FakeClock.running();
  beforeAll(async () => {
    world = await startFinderWorld({}, { clock });
  }, 30_000);
  afterAll(() => world.close());

  it('charges an expired hold whose call recorded a found address and releases one that recorded nothing', async () => {
    const { accountId } = await world.app.createAccount(100);
    const ledger = world.app.running.app.get(CreditLedger);
    const recordedId = Date.now() * 1000 + 1;
    const silentId = recordedId + 1;
    // What the dead process recorded: a real find against the loopback company.
    const outcome = await recordFindAnswer(world.app, accountId, recordedId, {
      firstName: 'Jane',
      lastName: 'Doe',
      domain: 'flast.test',
    });
    expect(outcome.email).toBe('jdoe@flast.test');
    // Held after recording (a live process holds first) so that no sweep can fall between the two.
    for (const findId of [recordedId, silentId]) await holdFind(world.app, accountId, findId);
    clock.advance(world.app.config.credits.holdExpirySeconds * 1000 + 1000);
    // The sweeper reads the projected open holds (retried until they are there); the worker's own timer
    // may get there first; either way the ledger below must be the outcome.
    await eventually(async () => {
      await world.app.running.app.get(ExpiredHoldSweeper).sweepOnce();
      expect(await ledger.current(accountId)).toMatchObject({ balance: 100 - FINDER_PRICE, held: 0 });
    });
  });
});

import { eventually, FakeClock } from '@lib/common/testing';
import { CREDIT_OPEN_HOLDS_COLLECTION, ExpiredHoldSweeper, type OpenHoldDoc } from '@lib/ledger/testing';
import type { EventStore, NewEvent } from '@lib/eventstore';
import type { MessageBus } from '@lib/messaging';
import { ReadStore } from '@lib/readstore';
import { CrashSwitch } from '../../support/harness/crash-points';
import { CrashingEventStore } from '../../support/harness/crashing-event-store';
import { LosingBus } from '../../support/harness/losing-bus';
import { ledgerState, upload } from '../../support/harness/redelivery-harness';
import { startTestApp, type TestApp } from '../../support/test-app';
import { startFinderPeers } from '../finder/finder-world';
import { startJobsPeers } from '../jobs/jobs-world';

/**
 * A chunk message lost for good (its worker killed and its offset committed anyway) leaves the chunk's
 * hold open. The expired-hold sweeper ends it as the chunk's record says: charged what a record fixed,
 * released when the chunk can never be recorded (job cancelled), kept while the job still runs. A
 * redelivery of the lost message after the sweep charges nothing more.
 */
interface Kind {
  name: string;
  route: string;
  csv: string;
  holdPurpose: string;
  recordType: string;
  startPeers(): Promise<{ env: Record<string, string>; close(): Promise<void> }>;
}

const kinds: Kind[] = [
  {
    name: 'bulk job',
    route: '/v1/jobs',
    holdPurpose: 'job_chunk',
    recordType: 'ChunkCompleted',
    // Two chunks of two (JOB_CHUNK_SIZE=2): alice and bob are valid (2 credits), beta's catch-all and gamma's reject 2 more.
    csv: 'email\nalice@alpha.test\nbob@alpha.test\nanyone@beta.test\nnobody@gamma.test\n',
    startPeers: () => startJobsPeers(),
  },
  {
    name: 'finder job',
    route: '/v1/finder/jobs',
    holdPurpose: 'finder_job_chunk',
    recordType: 'FinderChunkCompleted',
    csv: 'First Name,Last Name,Domain\nJane,Doe,firstlast.test\nNobody,Here,flast.test\n',
    startPeers: () => startFinderPeers(),
  },
];

const TERMINAL = ['Completed', 'Failed', 'Cancelled'];

describe.each(kinds)('$name chunk whose message is lost', (kind) => {
  let peers: Awaited<ReturnType<Kind['startPeers']>>;
  let app: TestApp;
  let bus: LosingBus;
  const clock = FakeClock.running();

  /** A fresh app whose first chunk handler of this kind is killed at `when` its record and its message lost. */
  async function startLosing(when: 'before' | 'after'): Promise<void> {
    peers = await kind.startPeers();
    const crash = new CrashSwitch({
      name: `the first ${kind.recordType}`,
      when,
      matches: (_: string, e: NewEvent) => e.type === kind.recordType,
    });
    app = await startTestApp(peers.env, {
      clock,
      wrap: {
        eventStore: (s: EventStore) => new CrashingEventStore(s, crash, false),
        bus: (b: MessageBus) => (bus = new LosingBus(b)),
      },
    });
  }

  afterEach(async () => {
    await app?.close();
    await peers?.close();
  });

  const view = async (apiKey: string, id: number) =>
    (await app.request('GET', `${kind.route}/${id}`, { key: apiKey })).body.data;
  const sweeper = () => app.running.app.get(ExpiredHoldSweeper);
  const expireHolds = () => clock.advance(app.config.credits.holdExpirySeconds * 1000 + 1000);
  /** The open-holds read model (what the sweeper reads) has caught up with the ledger's open chunk holds. */
  const sweeperSees = async (accountId: string, holds: number) => {
    const open = await app.running.app
      .get(ReadStore)
      .collection<OpenHoldDoc>(CREDIT_OPEN_HOLDS_COLLECTION)
      .find({ filter: { accountId } });
    expect(open.filter((h) => h.purpose === kind.holdPurpose)).toHaveLength(holds);
  };

  it('is charged what its record says, once, and a late redelivery charges nothing more', async () => {
    await startLosing('after');
    const { accountId, apiKey } = await app.createAccount(500);
    const id = await upload(app, apiKey, kind.route, kind.csv);
    // Every chunk recorded, so the job completes; the lost chunk's hold alone stays open.
    await eventually(async () => expect((await view(apiKey, id)).status).toBe('Completed'), { timeoutMs: 30_000 });
    await eventually(async () => expect(bus.lostMessage).not.toBeNull());
    await eventually(async () => expect((await ledgerState(app, accountId)).openHolds).toBe(1));
    const lostReference = `job:${id}:chunk:${bus.lostMessage!.value.chunkNo}`;
    expect((await ledgerState(app, accountId)).charges.some((c) => c.startsWith(`${lostReference}=`))).toBe(false);
    const { creditsCharged } = await view(apiKey, id);
    expect(creditsCharged).toBeGreaterThan(0);

    expireHolds();
    await eventually(async () => expect(await sweeper().sweepOnce()).toBe(1));
    const swept = await ledgerState(app, accountId);
    expect(swept.openHolds).toBe(0);
    expect(swept.balance).toBe(500 - creditsCharged); // the job's count of charged rows includes the lost chunk's record
    expect(swept.charges.filter((c) => c.startsWith(`${lostReference}=`))).toHaveLength(1);

    await bus.redeliverLost();
    expect(await ledgerState(app, accountId)).toEqual(swept);
    expect((await view(apiKey, id)).creditsCharged).toBe(creditsCharged);
  }, 60_000);

  it('keeps an unrecorded hold while the job runs, releases it once the job is cancelled, and a late redelivery charges nothing', async () => {
    await startLosing('before');
    const { accountId, apiKey } = await app.createAccount(500);
    const id = await upload(app, apiKey, kind.route, kind.csv);
    await eventually(async () => expect(bus.lostMessage).not.toBeNull(), { timeoutMs: 30_000 });
    await eventually(() => sweeperSees(accountId, 1));
    expect((await view(apiKey, id)).status).toBe('Processing'); // the lost chunk can still be recorded

    expireHolds();
    expect(await sweeper().sweepOnce()).toBe(0);
    expect((await ledgerState(app, accountId)).openHolds).toBeGreaterThanOrEqual(1);

    expect((await app.request('DELETE', `${kind.route}/${id}`, { key: apiKey })).status).toBe(200);
    await eventually(async () => expect(TERMINAL).toContain((await view(apiKey, id)).status));
    // Other chunks in flight at the cancel settle themselves; the lost one is the sweeper's to release.
    await eventually(
      async () => {
        await sweeper().sweepOnce();
        expect((await ledgerState(app, accountId)).openHolds).toBe(0);
      },
      { timeoutMs: 30_000 },
    );
    const swept = await ledgerState(app, accountId);
    const lostReference = `job:${id}:chunk:${bus.lostMessage!.value.chunkNo}`;
    expect(swept.charges.some((c) => c.startsWith(`${lostReference}=`))).toBe(false);
    expect(swept.balance).toBe(500 - (await view(apiKey, id)).creditsCharged);

    await bus.redeliverLost();
    expect(await ledgerState(app, accountId)).toEqual(swept);
  }, 60_000);
});

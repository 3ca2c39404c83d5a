import { Clock } from '@lib/common';
import { eventually } from '@lib/common/testing';
import { ChargingKeys, CreditLedger, RecordedWorkCharges } from '@lib/ledger';
import { EventStore } from '@lib/eventstore';
import { ChunkProgressBoard, ChunkWorkflow } from '@lib/jobs';
import type { MessageBus } from '@lib/messaging';
import { VERIFICATION_CHUNK_TOPIC, VerificationChunkProcessor } from '@lib/verification-jobs/testing';
import { runAdmin } from '../../support/app-process';
import { HeldBackBus } from '../../support/harness/held-back-bus';
import { ledgerState, upload } from '../../support/harness/redelivery-harness';
import { SteppedEventStore } from '../../support/harness/stepped-event-store';
import { startTestApp, type TestApp } from '../../support/test-app';
import { startJobsPeers, type JobsPeers } from '../jobs/jobs-world';

/**
 * Two deliveries of one chunk that overlap, as in a Kafka rebalance: the message is handed to two workers
 * (each its own chunk workflow and ledger, as two processes have), and the test runs them step by step (a
 * step is one read or append of the event store). For every k, delivery B takes k steps and pauses; A runs
 * to its end; then B finishes. So B is caught between any two of its steps while A does all of its work,
 * among them the overlap of finding 1: B reads the chunk open, A records and settles, B holds. A schedule
 * where the two alternate one step at a time closes the list. Each schedule is a fresh one-chunk job; the
 * customer is charged once for it, no hold is left, and ledger-replay agrees over every account afterwards.
 */
const CSV = 'email\nalice@alpha.test\nbob@alpha.test\n'; // one chunk (JOB_CHUNK_SIZE=2) of two deliverable addresses
const PRICE = 2;
const START = 100;

describe('one chunk delivered twice, the deliveries overlapping', () => {
  let peers: JobsPeers;
  let app: TestApp;
  let store: SteppedEventStore;
  let bus: HeldBackBus;
  const accounts: string[] = [];

  beforeAll(async () => {
    peers = await startJobsPeers();
    app = await startTestApp(peers.env, {
      wrap: {
        eventStore: (s: EventStore) => (store = new SteppedEventStore(s)),
        bus: (b: MessageBus) => (bus = new HeldBackBus(b, 'job-chunks', VERIFICATION_CHUNK_TOPIC)),
      },
    });
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await peers?.close();
  });

  /** A second worker process: its own chunk workflow over its own ledger (its own group commit), same store. */
  function secondWorker(): ChunkWorkflow {
    const get = <T>(type: new (...args: never[]) => T) => app.running.app.get(type, { strict: false });
    const events = get(EventStore as never) as EventStore;
    const ledger = new CreditLedger(events, get(Clock as never) as Clock);
    return new ChunkWorkflow(ledger, events, get(ChunkProgressBoard), get(RecordedWorkCharges), get(ChargingKeys));
  }

  /** A fresh account and one-chunk job whose chunk message the app's own workers never get. */
  async function heldChunk() {
    const { accountId, apiKey } = await app.createAccount(START);
    accounts.push(accountId);
    const before = bus.held.length;
    const jobId = await upload(app, apiKey, '/v1/jobs', CSV);
    const message = await eventually(async () => {
      const held = bus.held.slice(before).find((m) => m.value.jobId === jobId);
      if (!held) throw new Error('the chunk message was not published yet');
      return held;
    });
    const view = async () => (await app.request('GET', `/v1/jobs/${jobId}`, { key: apiKey })).body.data;
    return { accountId, jobId, message, view };
  }

  /** What the account paid for the chunk, once both deliveries are over and the job completed. */
  async function outcome(accountId: string, jobId: number, view: () => Promise<any>) {
    await eventually(async () => expect((await view()).status).toBe('Completed'), { timeoutMs: 20_000 });
    const ledger = await ledgerState(app, accountId);
    const chunkCharges = ledger.charges.filter((c) => c.startsWith(`job:${jobId}:chunk:`));
    return {
      balance: ledger.balance,
      openHolds: ledger.openHolds,
      chunkCharges,
      creditsCharged: (await view()).creditsCharged,
    };
  }

  const charged = (jobId: number) => ({
    balance: START - PRICE,
    openHolds: 0,
    chunkCharges: [`job:${jobId}:chunk:0=${PRICE}`],
    creditsCharged: PRICE,
  });

  it('finding 1: charges the chunk once wherever B pauses while A does all of its work', async () => {
    const kind = app.running.app.get(VerificationChunkProcessor, { strict: false });
    const workerA = app.running.app.get(ChunkWorkflow, { strict: false });
    const workerB = secondWorker();
    for (let k = 0; ; k++) {
      const { accountId, jobId, message, view } = await heldChunk();
      const b = store.as(`B${k}`, k, () => workerB.run(kind, message.value));
      const bEnded = await Promise.race([store.paused(`B${k}`).then(() => false), b.then(() => true)]);
      await store.as(`A${k}`, Infinity, () => workerA.run(kind, message.value));
      store.free(`B${k}`);
      await b;
      expect({ k, ...(await outcome(accountId, jobId, view)) }).toEqual({ k, ...charged(jobId) });
      if (bEnded) break; // B did all of its steps before A began: every pause point was tried
    }
  }, 300_000);

  it('finding 1: charges the chunk once when the two deliveries alternate step by step', async () => {
    const kind = app.running.app.get(VerificationChunkProcessor, { strict: false });
    const [workerA, workerB] = [app.running.app.get(ChunkWorkflow, { strict: false }), secondWorker()];
    const { accountId, jobId, message, view } = await heldChunk();
    const ended = { A: false, B: false };
    const a = store.as('lockstep-A', 0, () => workerA.run(kind, message.value)).finally(() => (ended.A = true));
    const b = store.as('lockstep-B', 0, () => workerB.run(kind, message.value)).finally(() => (ended.B = true));
    const done = Promise.allSettled([a, b]);
    while (!ended.A || !ended.B) {
      for (const who of ['A', 'B'] as const) {
        if (ended[who]) continue;
        store.allow(`lockstep-${who}`, 1);
        await Promise.race([store.paused(`lockstep-${who}`), who === 'A' ? a : b]);
      }
    }
    await done;
    await Promise.all([a, b]);
    expect(await outcome(accountId, jobId, view)).toEqual(charged(jobId));
  }, 120_000);

  it('finding 1: ledger-replay agrees over every account afterwards', async () => {
    const replay = await runAdmin(app.dataDir, 'ledger-replay', '--all');
    expect(replay.code).toBe(0);
    expect(replay.json).toMatchObject({ ok: true, disagree: 0, stale: 0 });
    expect(replay.json.accounts).toBeGreaterThanOrEqual(accounts.length);
  }, 60_000);
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { upcast } from '@lib/common';
import { aggregateStream, runCommand, SqliteEventStore } from '@lib/eventstore';
import { hasChunk, jobStream } from '@lib/jobs';
import { finderJobDecider, type FinderJobCommand } from './finder-job.decider';
import type { FinderJobEvent, FinderJobSnapshot } from './finder-job.events';
import { AT, chunk, JOB_COLUMNS, JOB_FILE, JOB_ID, row } from './finder-job.fixture';

/** A snapshot exactly as finder jobs stored it before done chunks were a bitmap. */
const oldSnapshot = (status: 'Pending' | 'Processing', doneChunks: number[], processed: number) => ({
  jobId: JOB_ID,
  accountId: 'acc-1',
  status,
  counts: { rows: 3, contacts: 3, invalid: 0 },
  chunksScheduled: 3,
  doneChunks,
  processedContacts: processed,
  found: 0,
  notFound: processed,
  creditsCharged: 0,
});

/** A 3-chunk finder job as stored in the old shape: created, started, chunks 0 and 2 recorded. */
const OLD_STREAM = [
  {
    type: 'FinderJobCreated',
    data: {
      jobId: JOB_ID,
      accountId: 'acc-1',
      kind: 'finder',
      file: JOB_FILE,
      columns: JOB_COLUMNS,
      chunkCount: 3,
      quote: 30,
      createdAt: AT,
      snapshot: oldSnapshot('Pending', [], 0),
    },
  },
  { type: 'FinderJobStarted', data: { jobId: JOB_ID, startedAt: AT, snapshot: oldSnapshot('Processing', [], 0) } },
  {
    type: 'FinderChunkCompleted',
    data: {
      jobId: JOB_ID,
      chunkNo: 0,
      results: [row(1)],
      charged: 0,
      completedAt: AT,
      snapshot: oldSnapshot('Processing', [0], 1),
    },
  },
  {
    type: 'FinderChunkCompleted',
    data: {
      jobId: JOB_ID,
      chunkNo: 2,
      results: [row(3)],
      charged: 0,
      completedAt: AT,
      snapshot: oldSnapshot('Processing', [0, 2], 2),
    },
  },
];

const complete = (chunkNo: number, n: number): FinderJobCommand => chunk(chunkNo, [row(n)]);
const snapshotOf = (event: FinderJobEvent) => (event.data as { snapshot: FinderJobSnapshot }).snapshot;

describe('finder job streams stored with done chunks as a list of chunk numbers', () => {
  const dir = mkdtempSync(join(tmpdir(), 'finder-upcast-'));
  const store = new SqliteEventStore(join(dir, 'events.sqlite'), { pollIntervalMs: 50, retryDelayMs: 50 });
  let streamNo = 0;
  let stream: string;

  // A stream of its own per test, holding the old events as they were stored.
  beforeEach(async () => {
    stream = jobStream(JOB_ID * 1000 + ++streamNo);
    await store.appendToStream(
      stream,
      OLD_STREAM.map((e) => ({ type: e.type, data: e.data as Record<string, unknown> })),
      'no_stream',
    );
  });
  afterAll(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("upcasts each event's list to the bitmap bulk jobs use, and hands today's shape back as it is", () => {
    const upcast2 = upcast<FinderJobEvent>(OLD_STREAM[3], finderJobDecider.upcasters);
    const done = snapshotOf(upcast2).doneChunks;
    expect(typeof done).toBe('string');
    expect([0, 1, 2].map((n) => hasChunk(done, n))).toEqual([true, false, true]);
    expect(upcast<FinderJobEvent>(upcast2, finderJobDecider.upcasters)).toEqual(upcast2);
    for (const old of OLD_STREAM)
      expect(typeof snapshotOf(upcast<FinderJobEvent>(old, finderJobDecider.upcasters)).doneChunks).toBe('string');
  });

  it('loads the old stream: the latest event folds to the chunks it had recorded', async () => {
    const { state } = await aggregateStream(store, stream, finderJobDecider, { latest: 1 });
    expect(state.status).toBe('Processing');
    const done = (state as { snapshot: FinderJobSnapshot }).snapshot.doneChunks;
    expect([0, 1, 2].map((n) => hasChunk(done, n))).toEqual([true, false, true]);
  });

  it('runs commands on it: a recorded chunk redelivered appends nothing, the last open chunk completes the job', async () => {
    for (const load of ['last', 'full'] as const) {
      expect((await runCommand(store, stream, finderJobDecider, complete(0, 1), { load })).events).toEqual([]);
      expect((await runCommand(store, stream, finderJobDecider, complete(2, 3), { load })).events).toEqual([]);
    }
    const last = await runCommand(store, stream, finderJobDecider, complete(1, 2), { load: 'last' });
    expect(last.events.map((e) => e.type)).toEqual(['FinderChunkCompleted', 'JobCompleted']);
    expect(last.events[1].data).toMatchObject({ summary: { status: 'Completed', processedRows: 3 } });
  });
});

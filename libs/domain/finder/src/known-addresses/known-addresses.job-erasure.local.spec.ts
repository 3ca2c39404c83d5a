import type { RecordedEvent } from '@lib/eventstore';
import { FOUND_ADDRESS_READERS } from './found-address-readers';
import { knownAddressesErasure } from './known-addresses.erasure';
import { knownAddressesWorld } from './known-addresses.spec-world';
import { knownAddressesProjection } from './known-addresses.projection';

// The real readers: what a finder job's chunk and a single call record is what the projection learns from.
const projection = knownAddressesProjection(FOUND_ADDRESS_READERS);
let position = 0;
const recorded = (type: string, streamId: string, data: Record<string, unknown>): RecordedEvent => ({
  id: `e${++position}`,
  type,
  streamId,
  revision: 0,
  position,
  data,
  metadata: {},
  recordedAt: '2026-01-01T00:00:00.000Z',
});
const person = (email: string, firstName: string) => ({
  input: { firstName, lastName: 'Quist' },
  outcome: { email, result: 'Ok' },
});
/** A single call (POST /v1/finder) that confirmed the address. */
const singleCall = (accountId: string, email: string, firstName: string) =>
  recorded('EmailFound', `finder-call-${position}`, { accountId, ...person(email, firstName), creditsCharged: 10 });
/** A finder job's chunk whose rows confirmed these addresses. */
const jobChunk = (accountId: string, jobId: number, ...rows: [string, string][]) =>
  recorded('FinderChunkCompleted', `finder-job-${jobId}`, {
    jobId,
    chunkNo: 0,
    results: rows.map(([email, firstName], row) => ({ row, ...person(email, firstName) })),
    charged: 10 * rows.length,
    completedAt: '2026-01-01T00:00:00.000Z',
    snapshot: { accountId, doneChunks: '' },
  });

describe("finder known addresses under a finder job's erasure (delete now)", () => {
  const { reads, learn, emails } = knownAddressesWorld(projection);

  it("removes what the job's rows taught, across domains, and keeps what a single call taught", async () => {
    await learn(singleCall('a', 'keep.me@beta.test', 'Keep'));
    await learn(jobChunk('a', 7, ['zelda.quist@beta.test', 'Zelda'], ['piet@gamma.test', 'Piet']));
    expect(await emails('beta.test')).toEqual(['keep.me@beta.test Keep', 'zelda.quist@beta.test Zelda']);
    await knownAddressesErasure(reads()).forgetJob('finder', 7);
    expect(await emails('beta.test')).toEqual(['keep.me@beta.test Keep']);
    expect(await emails('gamma.test')).toEqual([]);
  });

  it('keeps the same address where a single call or another job taught it too', async () => {
    await learn(singleCall('a', 'zelda.quist@beta.test', 'Single'));
    await learn(jobChunk('a', 7, ['zelda.quist@beta.test', 'Job7']), jobChunk('b', 8, ['piet@beta.test', 'Job8']));
    await knownAddressesErasure(reads()).forgetJob('finder', 7);
    expect(await emails('beta.test')).toEqual(['zelda.quist@beta.test Single', 'piet@beta.test Job8']);
  });

  it('is idempotent under redelivery: run again, or the chunk redelivered, nothing comes back', async () => {
    const chunk = jobChunk('a', 7, ['zelda.quist@beta.test', 'Zelda']);
    await learn(chunk);
    const erasure = knownAddressesErasure(reads());
    for (let run = 0; run < 2; run++) await erasure.forgetJob('finder', 7);
    await learn(chunk);
    expect(await emails('beta.test')).toEqual([]);
  });

  it("ignores another job kind's erasure with the same id (a verification job taught nothing here)", async () => {
    await learn(jobChunk('a', 7, ['zelda.quist@beta.test', 'Zelda']));
    await knownAddressesErasure(reads()).forgetJob('verification', 7);
    expect(await emails('beta.test')).toEqual(['zelda.quist@beta.test Zelda']);
  });
});

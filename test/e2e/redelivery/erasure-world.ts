import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { eventually, present } from '@lib/common/testing';
import { EventStore } from '@lib/eventstore';
import { erasureStream } from '@lib/erasure/testing';
import { jobStream } from '@lib/jobs';
import type { MessageBus } from '@lib/messaging';
import { ReadStore } from '@lib/readstore';
import type { BlobStore } from '@lib/blobstore';
import type { DataKeyStore } from '@lib/personal-data';
import { completedJob } from '../../support/erasure-progress';
import { CrashSwitch } from '../../support/harness/crash-points';
import { CrashingBlobStore } from '../../support/harness/crashing-blob-store';
import { CrashingDataKeyStore } from '../../support/harness/crashing-data-key-store';
import { CrashingEventStore } from '../../support/harness/crashing-event-store';
import { CrashingReadStore } from '../../support/harness/crashing-read-store';
import { settled } from '../../support/harness/redelivery-harness';
import { TwiceDeliveringBus } from '../../support/harness/twice-delivering-bus';
import { MailPeers, startMailPeers } from '../../support/peers/mail-peers';
import { accept, reject } from '../../support/peers/smtp-peer';
import { startTestApp, type TestApp } from '../../support/test-app';

/** One company per subject, so no two subjects share an address (the finder's memory is shared by domain). */
export const SUBJECTS = 40;
export const subjectDomain = (n: number) => `erase${n}.test`;
/** Who each subject's calls find and verify: the finder confirms it (first.last), a list holds it. */
export const subjectAddress = (n: number) => `jane.doe@${subjectDomain(n)}`;

/**
 * The app on loopback mail peers with every adapter an erasure touches wrapped: each bus message and each
 * subscription event delivered twice, and a crash switch the spec arms at one step of one subject's erasure
 * (a data key destroyed, an append, a blob written or deleted, a read-model write, the bus forgetting).
 */
export async function startErasureWorld(): Promise<{ app: TestApp; peers: MailPeers; crash: CrashSwitch }> {
  const domains = Object.fromEntries(
    Array.from({ length: SUBJECTS }, (_, n) => [
      subjectDomain(n),
      { default: reject(), recipients: { 'jane.doe': accept() } },
    ]),
  );
  const peers = await startMailPeers(
    { ...domains, 'beta.test': { default: accept() } },
    { env: { JOB_CHUNK_SIZE: '2' } },
  );
  const crash = new CrashSwitch(null);
  // A data directory of its own: the spec reads it with the CLI once the app is closed.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'erasure-redelivery-'));
  const app = await startTestApp(
    { ...peers.env, DATA_KEY_CACHE_SECONDS: '1', TRIAL_CREDITS: '100' },
    {
      dataDir,
      wrap: {
        eventStore: (s: EventStore) => new CrashingEventStore(s, crash),
        readStore: (s: ReadStore) => new CrashingReadStore(s, crash),
        bus: (b: MessageBus) => new TwiceDeliveringBus(b, crash),
        dataKeys: (k: DataKeyStore) => new CrashingDataKeyStore(k, crash),
        blobs: (b: BlobStore) => new CrashingBlobStore(b, crash),
      },
    },
  );
  return { app, peers, crash };
}

/**
 * What subject `n` leaves before its erasure, through its account's key: with `calls`, a single and a batch
 * verification of its address and a finder call that confirms it (the finder's known addresses learn it);
 * always a completed list job holding it beside an address kept. Waits until every charge is settled.
 */
export async function leaveData(app: TestApp, accountId: string, key: string, n: number, calls: boolean) {
  const address = subjectAddress(n);
  if (calls) {
    const asked = [
      await app.request('POST', '/v1/verify/single', { key, body: { email: address } }),
      await app.request('POST', '/v1/verify/batch', { key, body: { emails: [address, 'keep.me@beta.test'] } }),
      await app.request('POST', '/v1/finder', {
        key,
        body: { firstName: 'Jane', lastName: 'Doe', domain: subjectDomain(n) },
      }),
    ];
    expect(asked.map((res) => res.status)).toEqual([200, 200, 200]);
    expect(asked[2].body.data).toMatchObject({ email: address, result: 'Ok' });
    await eventually(async () =>
      present(await knownAddresses(app, subjectDomain(n)), 'the finder to learn the address'),
    );
  }
  const job = await completedJob(app, key, `name,email\r\nJane,${address}\r\nKeep,keep.me@beta.test\r\n`);
  await settled(app, accountId, async () => true);
  return { address, jobId: job.id as number };
}

/** The finder's known addresses of a domain, as stored (null when it learned none there). */
export async function knownAddresses(app: TestApp, domain: string) {
  return app.running.app.get(ReadStore).collection('finder_known_addresses').get(domain);
}

/** How many times each step of the erasure and of its job was recorded. */
export async function recordedSteps(app: TestApp, accountId: string, erasureId: string, jobId: number) {
  const events = app.running.app.get(EventStore);
  const ofErasure = (await events.readStream(erasureStream(accountId))).filter((e) => e.data.erasureId === erasureId);
  const count = (types: string[]) => types.map((type) => ofErasure.filter((e) => e.type === type).length);
  const purges = (await events.readStream(jobStream(jobId))).filter((e) => e.type === 'JobFilesPurged').length;
  return {
    erasure: count(['ErasureRequested', 'ErasureKeysDestroyed', 'ErasureCompleted']),
    jobFilesPurged: purges,
  };
}

/** The events of the whole log, opened through the sealing store, that still read the address. */
export async function openedEventsHolding(app: TestApp, address: string): Promise<string[]> {
  const events = await app.running.app.get(EventStore).readAll();
  return events.filter((e) => JSON.stringify(e.data).toLowerCase().includes(address)).map((e) => e.type);
}

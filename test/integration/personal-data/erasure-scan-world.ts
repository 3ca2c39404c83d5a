// The data each erasure kind erases on the production topology, made as a customer makes it, and the byte scan of
// every place the service and its servers wrote to (DATA_DIR, PostgreSQL's files, Kafka's log directories, logs).
import { randomInt } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { BSON, MongoClient } from 'mongodb';
import { eventually, present } from '@lib/common/testing';
import { scanForPersonalData, type ScanHit } from '../../support/personal-data-scan';
import { startMailPeers, type MailPeers } from '../../support/peers/mail-peers';
import { accept, reject } from '../../support/peers/smtp-peer';
import type { AppCluster } from '../../support/cluster/app-cluster';
import type { ServerPlaces } from '../../support/cluster/production-disks';

/** The company whose mailboxes are first.last: the finder finds each person's address there. */
export const COMPANY = 'shred.test';
const FILLER_DOMAINS = Array.from({ length: 8 }, (_, n) => `fill${n}.test`);
export const JOB_ROWS = 1_000;

export interface Person {
  first: string;
  last: string;
  address: string;
}

/** A name no other run and no other test uses (consonant-vowel syllables, so it reads as a name). */
function uniqueName(syllables: number): string {
  const c = 'bdfgklmnprstvz';
  const v = 'aeiou';
  const name = Array.from({ length: syllables }, () => c[randomInt(c.length)] + v[randomInt(v.length)]).join('');
  return name[0].toUpperCase() + name.slice(1);
}

export function newPerson(): Person {
  const first = uniqueName(5);
  const last = uniqueName(6);
  return { first, last, address: `${first}.${last}@${COMPANY}`.toLowerCase() };
}

/** What a scan looks for of a person: the address, and each part of the name. */
export const needlesOf = (person: Person): string[] => [person.address, person.first, person.last];

/** SMTP and DNS on loopback: each person's first.last exists at COMPANY, every other mailbox is refused. */
export function startErasurePeers(people: Person[]): Promise<MailPeers> {
  const recipients = Object.fromEntries(people.map((p) => [`${p.first}.${p.last}`.toLowerCase(), accept()]));
  return startMailPeers({
    [COMPANY]: { default: reject(), recipients },
    ...Object.fromEntries(FILLER_DOMAINS.map((domain) => [domain, { default: reject() }])),
  });
}

/** A list of JOB_ROWS rows, `name,email`, the person's in the middle and fillers (refused mailboxes) around it. */
export function jobList(person: Person, tag: string): string {
  const rows = Array.from({ length: JOB_ROWS - 1 }, (_, n) => `Filler ${n},${tag}.${n}@${FILLER_DOMAINS[n % 8]}`);
  rows.splice(JOB_ROWS / 2, 0, `${person.first} ${person.last},${person.address}`);
  return ['name,email', ...rows].join('\r\n') + '\r\n';
}

/** A single check, a batch and a finder call for the person, each answered as the peers say. */
export async function callsFor(cluster: AppCluster, key: string, person: Person): Promise<void> {
  const single = await cluster.request('POST', '/v1/verify/single', { key, body: { email: person.address } });
  expect([single.status, single.body.data?.result]).toEqual([200, 'ok']);
  const batch = await cluster.request('POST', '/v1/verify/batch', {
    key,
    body: { emails: [person.address, `nobody@${FILLER_DOMAINS[0]}`] },
  });
  expect(batch.status).toBe(200);
  const found = await cluster.request('POST', '/v1/finder', {
    key,
    body: { firstName: person.first, lastName: person.last, domain: COMPANY },
  });
  expect([found.status, found.body.data?.email]).toEqual([200, person.address]);
}

/** Uploads the person's list; answers the job id once it completed. */
export async function completedJob(cluster: AppCluster, key: string, person: Person, tag: string): Promise<number> {
  const created = await cluster.uploadJob(key, jobList(person, tag), 'people.csv');
  expect(created.status).toBe(201);
  const jobId = created.body.data.id as number;
  await eventually(
    async () => {
      const job = (await cluster.request('GET', `/v1/jobs/${jobId}`, { key })).body.data;
      if (job?.status === 'Failed' || job?.status === 'Cancelled') throw new Error(`job ${jobId} ${job.status}`);
      return present(job?.status === 'Completed', `job ${jobId} to complete (${job?.progress?.processedRows} rows)`);
    },
    { timeoutMs: 240_000, intervalMs: 500 },
  );
  return jobId;
}

/** A receipt once its status is done (the keys destroyed, the stores cleaned, the key cache's time waited out). */
export function whenDone(read: () => Promise<any>): Promise<any> {
  return eventually(
    async () => {
      const receipt = await read();
      return present(receipt?.status === 'done' && receipt, 'the erasure to be done');
    },
    { timeoutMs: 60_000, intervalMs: 250 },
  );
}

/** Where a hit is, in words: the place scanned and the file under it. */
export const where = (hits: Array<ScanHit & { place: string }>): string[] =>
  [...new Set(hits.map((hit) => `${hit.place}: ${hit.file} (${hit.encoding})`))].sort();

/**
 * A Kafka segment's offset and time indexes: fixed-size (offset, position) and (time, offset) pairs, no record
 * bytes, preallocated sparse at 10 MB each (thousands of them on a shared broker: gigabytes of zeros to read).
 * The records themselves (`.log`) and every other file are scanned.
 */
const kafkaIndex = (file: string): boolean => /\.(time)?index$/.test(file);

/**
 * Every document of the cluster's database as FerretDB returns it, one BSON file per collection: PostgreSQL
 * compresses a value over about 2 kB (TOAST), which a scan of its files cannot read through; what is live in a
 * collection is read here whatever PostgreSQL did with its bytes.
 */
async function dumpReadStore(cluster: AppCluster, dir: string): Promise<void> {
  const mongo = await MongoClient.connect(cluster.env.MONGO_URL);
  try {
    const db = mongo.db(cluster.env.MONGO_DATABASE);
    for (const { name } of await db.listCollections({}, { nameOnly: true }).toArray()) {
      const docs = await db.collection(name).find({}).toArray();
      fs.writeFileSync(path.join(dir, `${name}.bson`), Buffer.concat(docs.map((doc) => BSON.serialize(doc))));
    }
  } finally {
    await mongo.close();
  }
}

/**
 * Scans every place for the needles: the servers' (PostgreSQL's data directory and log, Kafka's log directories
 * and log, FerretDB's), the cluster's DATA_DIR (event store, outbox), the app processes' output, and every
 * document of the read store as FerretDB returns it.
 */
export async function scanEverywhere(
  cluster: AppCluster,
  places: ServerPlaces,
  needles: string[],
): Promise<Array<ScanHit & { place: string }>> {
  const logs = fs.mkdtempSync(path.join(os.tmpdir(), 'it-erasure-logs-'));
  const documents = fs.mkdtempSync(path.join(os.tmpdir(), 'it-erasure-documents-'));
  try {
    fs.writeFileSync(path.join(logs, 'processes.log'), cluster.outputs());
    await dumpReadStore(cluster, documents);
    const all: ServerPlaces = {
      ...places,
      DATA_DIR: cluster.env.DATA_DIR,
      'app processes': logs,
      'read store documents': documents,
    };
    return Object.entries(all).flatMap(([place, root]) =>
      scanForPersonalData(root, needles, { skip: place.startsWith('kafka') ? kafkaIndex : undefined }).map((hit) => ({
        ...hit,
        place,
      })),
    );
  } finally {
    fs.rmSync(logs, { recursive: true, force: true });
    fs.rmSync(documents, { recursive: true, force: true });
  }
}

/**
 * What the bulk-job benches (`bench:jobs`, `bench:erase`) start with: the synthetic list of `rows` rows written
 * to a temporary file, the loopback peers in their child process (bench/job-peers.ts), and the all-in-one app on
 * the embedded adapters wired to them, its upload limit large enough for the file.
 */
import { createWriteStream, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { syntheticCsv } from '@lib/jobs/testing';
import { startTestApp, type TestApp } from '../test/support/test-app';
import { startJobPeers, type JobPeers } from './job-peers';

const MB = 1024 * 1024;

export interface JobBench {
  file: string;
  /** The file's size in bytes. */
  size: number;
  peers: JobPeers;
  app: TestApp;
  /** Stops the app and the peers and removes the file. */
  close(): Promise<void>;
}

export async function startJobBench(name: string, rows: number, env: Record<string, string>): Promise<JobBench> {
  const file = join(tmpdir(), `${name}-${process.pid}.csv`);
  await pipeline(Readable.from(syntheticCsv(rows)), createWriteStream(file));
  const size = statSync(file).size;
  const peers = await startJobPeers();
  const app = await startTestApp({
    DNS_SERVERS: peers.dns,
    SMTP_PROBE_PORT: String(peers.smtpPort),
    JOB_MAX_UPLOAD_BYTES: String(Math.max(50 * MB, size)),
    ...env,
  });
  const close = async () => {
    try {
      await app.close();
    } finally {
      peers.close();
      rmSync(file, { force: true });
    }
  };
  return { file, size, peers, app, close };
}

import { CreditLedger } from '@lib/ledger';
import { readCsvRecords } from '@lib/jobs/testing';
import type { DnsPeer } from '../../support/peers/dns-peer';
import { MailPeers, startMailPeers } from '../../support/peers/mail-peers';
import { accept, DomainScript, greylist, reject, SmtpPeer } from '../../support/peers/smtp-peer';
import { startTestApp, TestApp } from '../../support/test-app';

/**
 * Mail domains on loopback peers: alpha.test has two mailboxes, beta.test accepts everything
 * (catch-all), gamma.test rejects everyone, grey.test greylists `slow` once, and sticky.test greylists
 * `stuck` on every attempt.
 */
export const DOMAINS: Record<string, DomainScript> = {
  'alpha.test': { default: reject(), recipients: { alice: accept(), bob: accept() } },
  'beta.test': { default: accept() },
  'gamma.test': { default: reject() },
  'grey.test': { default: reject(), recipients: { slow: greylist(1) } },
  'sticky.test': { default: reject(), recipients: { stuck: greylist(1_000) } },
};

export interface JobsWorld {
  app: TestApp;
  smtp: SmtpPeer;
  dns: DnsPeer;
  env: Record<string, string>;
  close(): Promise<void>;
}

/** The peers of DOMAINS, with small chunks and short greylisting delays in the app environment. */
export type JobsPeers = MailPeers;

export function startJobsPeers(env: Record<string, string> = {}): Promise<JobsPeers> {
  return startMailPeers(DOMAINS, {
    env: { JOB_CHUNK_SIZE: '2', JOB_GREYLIST_RETRY_DELAYS_MS: '300,600', GREYLIST_RETRY_DELAYS_MS: '100', ...env },
  });
}

export async function startJobsWorld(env: Record<string, string> = {}): Promise<JobsWorld> {
  return startWorldOn(await startJobsPeers(env));
}

/** The all-in-one app on these peers; closing the world closes both. */
async function startWorldOn(peers: MailPeers): Promise<JobsWorld> {
  const app = await startTestApp(peers.env);
  return {
    app,
    smtp: peers.smtp,
    dns: peers.dns,
    env: peers.env,
    async close() {
      await app.close();
      await peers.close();
    },
  };
}

export async function uploadJob(
  app: TestApp,
  key: string,
  csv: string | Uint8Array,
  fields: Record<string, string> = {},
  fileName = 'list.csv',
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([csv]), fileName);
  const response = await fetch(`${app.url}/v1/jobs`, { method: 'POST', headers: { 'x-api-key': key }, body: form });
  return { status: response.status, body: (await response.json()) as any };
}

export interface SseEvent {
  event: string;
  data: any;
}

/** Follows GET {route}/{id}/stream (a bulk job's by default) until `done` (or the stream ends), returning every event. */
export async function followStream(
  app: TestApp,
  key: string,
  jobId: number,
  timeoutMs = 25_000,
  route = '/v1/jobs',
): Promise<{ events: SseEvent[]; headers: Headers; comments: string[] }> {
  const response = await fetch(`${app.url}${route}/${jobId}/stream`, {
    headers: { 'x-api-key': key },
    signal: AbortSignal.timeout(timeoutMs),
  });
  const events: SseEvent[] = [];
  const comments: string[] = [];
  let buffer = '';
  const decoder = new TextDecoder();
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const lines = block.split('\n');
      comments.push(...lines.filter((l) => l.startsWith(':')).map((l) => l.slice(1).trim()));
      const name = lines.find((l) => l.startsWith('event: '))?.slice(7);
      const data = lines.find((l) => l.startsWith('data: '))?.slice(6);
      if (name && data) events.push({ event: name, data: JSON.parse(data) });
    }
  }
  return { events, headers: response.headers, comments };
}

/** Parses a downloaded CSV with the same reader the service uses. */
export async function parseCsv(text: string): Promise<string[][]> {
  const rows: string[][] = [];
  for await (const record of readCsvRecords([Buffer.from(text)])) rows.push(record.fields);
  return rows;
}

/**
 * A followed stream of a job whose rows all sit in one chunk: some `progress` events count rows from
 * inside it (between 0 and all) with an ETA from the observed rate, the counts never go back, and the
 * stream ends with `done` at 100 % (the final view's other fields are the caller's to check).
 */
export function expectLiveProgress(events: SseEvent[], totalRows: number): any {
  const progress = events.filter((e) => e.event === 'progress').map((e) => e.data);
  const midway = progress.filter(
    (p) => p.status === 'Processing' && p.progress.processedRows > 0 && p.progress.processedRows < totalRows,
  );
  expect(midway.length).toBeGreaterThan(0);
  expect(midway.every((p) => typeof p.etaSeconds === 'number')).toBe(true);
  const counts = progress.map((p) => p.progress.processedRows);
  expect(counts).toEqual([...counts].sort((a, b) => a - b));
  const done = events[events.length - 1];
  expect(done).toMatchObject({
    event: 'done',
    data: { status: 'Completed', progress: { processedRows: totalRows, percent: 100 } },
  });
  return done.data;
}

/** The ledger as the event store has it (the balance endpoint may be cached). */
export const ledgerOf = (app: TestApp, accountId: string) => app.running.app.get(CreditLedger).current(accountId);

/** `count` addresses on slow.test, whose MX rejects every recipient after `rcptDelayMs`. */
export const slowAddresses = (count: number): string[] =>
  Array.from({ length: count }, (_, k) => `person${k}@slow.test`);

/** An app whose probes go to slow.test alone: every RCPT answered (550) after `rcptDelayMs`, so chunks stay in flight. */
export async function startSlowWorld(rcptDelayMs: number, env: Record<string, string> = {}): Promise<JobsWorld> {
  return startWorldOn(await startMailPeers({ 'slow.test': { default: reject() } }, { smtp: { rcptDelayMs }, env }));
}

import { ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { RecordedEvent, SqliteEventStore } from '@lib/eventstore';
import type { MailPeers } from '../peers/mail-peers';
import { DomainScript, SmtpPeer, startSmtpPeer } from '../peers/smtp-peer';
import { killApp, spawnApp } from '../app-process';
import { ADMIN_TOKEN, startTestApp, TestApp } from '../test-app';

/**
 * A whole app process on its own data directory whose probes meet the peers' mail domains behind a 5 s
 * banner, so a chunk is caught in flight (held, not yet recorded) when the process is SIGKILLed; then
 * the app restarted on the same data, as after a crash.
 */
export class WorkerCrash {
  private child: ChildProcess | undefined;
  private app: TestApp | undefined;
  accountId = '';
  apiKey = '';
  /** The job as the upload answered. */
  created: any;

  private constructor(
    readonly peers: MailPeers,
    readonly slowSmtp: SmtpPeer,
    readonly dataDir: string,
    readonly url: string,
    child: ChildProcess,
  ) {
    this.child = child;
  }

  /** Starts the process, opens an account with `credits` and uploads `upload.csv` to `upload.path` (a job route). */
  static async start(
    peers: MailPeers,
    domains: Record<string, DomainScript>,
    options: { name: string; credits: number; upload: { path: string; csv: string; fileName: string } },
  ): Promise<WorkerCrash> {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${options.name}-`));
    const slowSmtp = await startSmtpPeer({ domains, hosts: { '127.0.0.1': { bannerDelayMs: 5_000 } } });
    const spawned = await spawnApp({
      ...peers.env,
      DATA_DIR: dataDir,
      SMTP_PROBE_PORT: String(slowSmtp.port),
      SMTP_BANNER_TIMEOUT_MS: '20000',
    });
    const crash = new WorkerCrash(peers, slowSmtp, dataDir, spawned.url, spawned.child);
    const opened = await fetch(`${crash.url}/admin/v1/accounts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Crash', credits: options.credits }),
    });
    ({ accountId: crash.accountId, apiKey: crash.apiKey } = ((await opened.json()) as any).data);
    const form = new FormData();
    form.append('file', new Blob([options.upload.csv]), options.upload.fileName);
    crash.created = (
      (await (
        await fetch(`${crash.url}${options.upload.path}`, {
          method: 'POST',
          headers: { 'x-api-key': crash.apiKey },
          body: form,
        })
      ).json()) as any
    ).data;
    return crash;
  }

  /** SIGKILLs the process and reads the account's ledger as the crash left it. */
  async kill(): Promise<RecordedEvent[]> {
    if (this.child) await killApp(this.child);
    this.child = undefined;
    const crashed = new SqliteEventStore(path.join(this.dataDir, 'events.sqlite'));
    try {
      return await crashed.readStream(`credits-${this.accountId}`);
    } finally {
      await crashed.close();
    }
  }

  /** The app again on the same data, probing the normal peers. */
  async restart(): Promise<TestApp> {
    this.app = await startTestApp({ ...this.peers.env, DATA_DIR: this.dataDir }, { dataDir: this.dataDir });
    return this.app;
  }

  /** Closes the restarted app (to run the CLI on its data alone). */
  async stopApp(): Promise<void> {
    await this.app?.close();
    this.app = undefined;
  }

  async close(): Promise<void> {
    if (this.child) await killApp(this.child);
    await this.stopApp();
    await Promise.all([this.peers.close(), this.slowSmtp.close()]);
    fs.rmSync(this.dataDir, { recursive: true, force: true });
  }
}

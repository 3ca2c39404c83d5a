import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { AppProcess, startAppProcess } from '../../support/app-process';

const SHUTDOWN_TIMEOUT_MS = 1_500;

/** Only the shutdown bound may end the slow request: the request timeout is far longer. */
const startProcess = (dataDir: string): AppProcess =>
  startAppProcess({
    DATA_DIR: dataDir,
    SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
    HTTP_REQUEST_TIMEOUT_MS: '600000',
  });

describe('the process on one DATA_DIR: lock, slow request, SIGTERM', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mailcheck-lifecycle-'));
  const started: AppProcess[] = [];
  const start = () => {
    const app = startProcess(dataDir);
    started.push(app);
    return app;
  };
  afterAll(() => {
    for (const app of started) app.child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses a second process on a DATA_DIR in use, exits within the bound after SIGTERM with a slow request open, and frees DATA_DIR', async () => {
    const first = start();
    const url = new URL(await first.listening());

    const second = start();
    expect(await second.exited).toBe(75);
    expect(second.output()).toContain(
      `DATA_DIR ${dataDir} is in use by another running process (pid ${first.child.pid}, roles api+worker+projector`,
    );

    // A body that never completes, then SIGTERM: the process must not wait for it.
    const slow = net.connect(Number(url.port), url.hostname);
    slow.on('error', () => undefined);
    // Expect: 100-continue makes the server say when it has read the head: from then on the request is open.
    const headRead = new Promise((resolve) =>
      slow.on('data', (chunk) => {
        if (String(chunk).includes('100 Continue')) resolve(true);
      }),
    );
    slow.write(
      'POST /v1/verify/single HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\nExpect: 100-continue\r\n\r\n',
    );
    await headRead;
    slow.write('{"em');
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(1); // the bound ended it, with the request still open
    expect(first.output()).toMatch(
      /SIGTERM: stopping consumers and timers, draining open requests, exiting within 1500 ms/,
    );
    expect(first.output()).toMatch(/shutdown not finished after 1500 ms/);
    slow.destroy();

    // The lock went with the process: the next one starts on the same files and, with nothing open, ends cleanly.
    const third = start();
    const thirdUrl = await third.listening();
    expect((await fetch(`${thirdUrl}/health`)).status).toBe(200);
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
  }, 240_000);
});

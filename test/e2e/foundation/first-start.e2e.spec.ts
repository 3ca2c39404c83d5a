import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { eventually } from '@lib/common/testing';
import { AppProcess, startAppProcess } from '../../support/app-process';

/** `npm start`'s entry on a fresh embedded installation, as a newcomer runs it (demo account on). */
describe('the first start of an embedded installation', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mailcheck-first-start-'));
  const keyFile = path.join(dataDir, 'demo-api-key');
  const started: AppProcess[] = [];
  const start = () => {
    const app = startAppProcess({ DATA_DIR: dataDir, DEMO_ACCOUNT: 'true', DEMO_ACCOUNT_CREDITS: '1000' });
    started.push(app);
    return app;
  };
  afterAll(() => {
    for (const app of started) app.child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('says on its first lines where the docs and the demo key are, keeps the key out of the log, and the key works', async () => {
    const first = start();
    const url = await first.listening();
    // The demo account is announced just after "listening on": its line may come in a later chunk.
    await eventually(() => expect(first.output()).toContain('demo account created'), { timeoutMs: 10_000 });
    const lines = first.output().split('\n').filter(Boolean);
    const docs = lines.findIndex((line) => line.includes(`API docs at ${url}/docs`));
    const demo = lines.findIndex((line) => line.includes(`demo account created: its API key is in ${keyFile}`));
    // findIndex answers -1 for a missing line, which any(Number) would accept.
    expect(Math.min(docs, demo)).toBeGreaterThanOrEqual(0);
    expect({ docs, demo }).toEqual({ docs: expect.any(Number), demo: expect.any(Number) });
    expect(Math.max(docs, demo)).toBeLessThan(8);
    expect(JSON.parse(lines[demo])).toMatchObject({ context: 'demo', credits: 1000, apiKeyFile: keyFile });

    expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
    const key = fs.readFileSync(keyFile, 'utf8').trim();
    expect(key).toMatch(/^mk_[0-9a-f]{16}_\S+$/);
    expect(first.output()).not.toContain(key.slice(20));
    const balance = await fetch(`${url}/v1/credits/balance`, { headers: { 'x-api-key': key } });
    expect(balance.status).toBe(200);
    expect(((await balance.json()) as { data: { balance: number } }).data.balance).toBe(1000);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    // A later start opens no second demo account and leaves the key file as it was.
    const second = start();
    await second.listening();
    expect(second.output()).not.toContain('demo account created');
    expect(fs.readFileSync(keyFile, 'utf8').trim()).toBe(key);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 120_000);
});

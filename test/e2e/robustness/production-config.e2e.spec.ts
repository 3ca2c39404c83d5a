import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { startAppProcess } from '../../support/app-process';

/** `npm start` under NODE_ENV=production with one variable set: what it printed and its exit code. */
async function startInProduction(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'production-config-'));
  try {
    const started = startAppProcess({ NODE_ENV: 'production', DATA_DIR: dataDir, ...env });
    const code = await started.exited;
    return { code, output: started.output() };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

describe('finding 4: production refuses (exit 78, naming the variable) a short or documented ADMIN_TOKEN', () => {
  it('refuses a token of fewer than 32 characters', async () => {
    const { code, output } = await startInProduction({ ADMIN_TOKEN: 'short-but-not-documented-token' });
    expect(code).toBe(78);
    expect(output).toMatch(/ADMIN_TOKEN must be at least 32 characters/);
  }, 60_000);

  it("refuses the compose file's old fallback, change-me-admin-token", async () => {
    const { code, output } = await startInProduction({ ADMIN_TOKEN: 'change-me-admin-token' });
    expect(code).toBe(78);
    expect(output).toMatch(/ADMIN_TOKEN is an example from the documentation/);
  }, 60_000);
});

describe('finding 10: production refuses (exit 78) MANUAL_PAYMENTS_AUTO_CONFIRM', () => {
  it('names the variable and never starts', async () => {
    const { code, output } = await startInProduction({ MANUAL_PAYMENTS_AUTO_CONFIRM: 'true' });
    expect(code).toBe(78);
    expect(output).toMatch(/MANUAL_PAYMENTS_AUTO_CONFIRM must not be true under NODE_ENV=production/);
  }, 60_000);
});

describe('issue 39: production refuses (exit 78) to start without DATA_MASTER_KEY', () => {
  it('names the variable and never starts', async () => {
    const { code, output } = await startInProduction({ ADMIN_TOKEN: 'b'.repeat(40) });
    expect(code).toBe(78);
    expect(output).toMatch(/DATA_MASTER_KEY is required under NODE_ENV=production/);
  }, 60_000);
});

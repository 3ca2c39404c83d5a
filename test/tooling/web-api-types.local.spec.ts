import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// The web app's API types and error codes are generated from the service (its OpenAPI document and
// error catalogue) and checked in, so `npm run build:web` needs no running server. This fails when a
// controller, DTO or error code changed without `npm run generate:web-api`. The generator runs in a
// child process, as npm runs it (openapi-typescript loads ES modules Jest's VM cannot).
const ROOT = join(__dirname, '..', '..');
const GENERATED = join(ROOT, 'web/src/api/generated');

function check(dir = GENERATED): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['-r', './scripts/register-ts.js', 'scripts/generate-web-api-types.ts', '--check', dir],
      { cwd: ROOT },
      (error, _stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stderr }),
    );
  });
}

describe('web/src/api/generated', () => {
  it('matches the service (else run npm run generate:web-api)', async () => {
    expect(await check()).toEqual({ code: 0, stderr: '' });
  }, 60_000);

  it('types the /v1 and /dashboard/v1 routes the web app calls', () => {
    const types = readFileSync(join(GENERATED, 'openapi.ts'), 'utf8');
    expect(types).toContain('"/v1/jobs": {');
    expect(types).toContain('"/v1/finder/jobs": {');
    expect(types).toContain('"/dashboard/v1/limits": {');
  });

  it('names a stale file', async () => {
    const copy = mkdtempSync(join(tmpdir(), 'web-api-types-'));
    try {
      cpSync(GENERATED, copy, { recursive: true });
      const codes = join(copy, 'error-codes.ts');
      writeFileSync(codes, readFileSync(codes, 'utf8').replace('RATE_LIMITED: 1201', 'RATE_LIMITED: 1299'));
      expect(await check(copy)).toEqual({ code: 1, stderr: 'stale: error-codes.ts; run npm run generate:web-api\n' });
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  }, 60_000);
});

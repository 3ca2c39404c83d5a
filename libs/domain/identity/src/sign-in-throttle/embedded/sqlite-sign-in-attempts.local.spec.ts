import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signInAttemptsContract } from '../../testing/sign-in-attempts.contract';
import { SqliteSignInAttempts } from './sqlite-sign-in-attempts';

const dir = mkdtempSync(join(tmpdir(), 'sign-in-attempts-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

signInAttemptsContract('embedded SQLite', async () => {
  const attempts = new SqliteSignInAttempts(join(dir, 'sign-in-attempts.sqlite'));
  return { attempts, cleanup: () => attempts.close() };
});

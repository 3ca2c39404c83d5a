import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DomainError } from '@lib/common';
import { SqliteSignInAttempts } from './embedded/sqlite-sign-in-attempts';
import { AdmittedSignIn, SignInThrottle } from './sign-in-throttle';

/** The throttle's rules over the embedded store (a real SQLite file); the Mongo store passes the same contract. */
describe('sign-in throttle', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sign-in-throttle-'));
  const file = join(dir, 'sign-in-attempts.sqlite');
  const stores: SqliteSignInAttempts[] = [];
  let now = 0;
  /** A throttle as one process has it: its own connection to the shared file. */
  const process = (limits = { perAccount: 3, perAddress: 5, windowMs: 900_000 }) => {
    const store = new SqliteSignInAttempts(file);
    stores.push(store);
    return new SignInThrottle(store, limits, () => now);
  };
  let counter = 0;
  const email = () => `user${++counter}@example.com`;
  const address = () => `203.0.113.${++counter % 250}`;

  beforeEach(() => (now = 1_800_000_000_000 + 60_000)); // one minute into a 15-minute window
  afterAll(async () => {
    await Promise.all(stores.map((s) => s.close()));
    rmSync(dir, { recursive: true, force: true });
  });

  const throttled = async (throttle: SignInThrottle, who: string, from: string): Promise<string | null> => {
    try {
      await throttle.admit(who, from);
      return null;
    } catch (error) {
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).errorName).toBe('SIGN_IN_THROTTLED');
      return (error as DomainError).headers?.['Retry-After'] ?? 'missing';
    }
  };

  it('lets the limit of attempts at one account through, then answers with the seconds left in the window', async () => {
    const throttle = process();
    const [who, from] = [email(), address()];
    for (let i = 0; i < 3; i++) await throttle.admit(who, from);
    expect(await throttled(throttle, who, from)).toBe(String(14 * 60));
    now += 14 * 60_000 - 500;
    expect(await throttled(throttle, who, from)).toBe('1');
    now += 500; // the next window
    await expect(throttle.admit(who, from)).resolves.toBeDefined();
  });

  it('shares the limit between processes, also for attempts made at once', async () => {
    const [first, second] = [process(), process()];
    const [who, from] = [email(), address()];
    await first.admit(who, from);
    await second.admit(who, from);
    const rest = await Promise.allSettled([
      first.admit(who, from),
      second.admit(who, from),
      first.admit(who, from),
      second.admit(who, from),
    ]);
    expect(rest.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await throttled(second, who, from)).not.toBeNull();
    expect(await throttled(first, who, from)).not.toBeNull();
  });

  it('clears the account on a success, which does not count for the address either', async () => {
    const throttle = process({ perAccount: 2, perAddress: 2, windowMs: 900_000 });
    const [who, from] = [email(), address()];
    await throttle.admit(who, from);
    const right: AdmittedSignIn = await throttle.admit(who, from);
    await right.succeeded();
    // Both slots of the account are free again; the address has one failure.
    await throttle.admit(who, address());
    await throttle.admit(who, address());
    await throttle.admit(email(), from);
    expect(await throttled(throttle, email(), from)).not.toBeNull();
  });

  it('throttles one client address trying many accounts, and a throttled attempt counts for neither key', async () => {
    const throttle = process({ perAccount: 3, perAddress: 2, windowMs: 900_000 });
    const from = address();
    const who = email();
    await throttle.admit(email(), from);
    await throttle.admit(who, from);
    expect(await throttled(throttle, email(), from)).not.toBeNull();
    expect(await throttled(throttle, who, from)).not.toBeNull();
    // Those two refusals took nothing from `who`: two more attempts from elsewhere fill its limit of 3.
    await throttle.admit(who, address());
    await throttle.admit(who, address());
    expect(await throttled(throttle, who, address())).not.toBeNull();
  });

  it('stores hashes, never the typed address or the client address', async () => {
    const throttle = process();
    await throttle.admit('secret.person@example.com', '198.51.100.77');
    const stored = [file, `${file}-wal`]
      .filter(existsSync)
      .map((f) => readFileSync(f).toString('latin1'))
      .join('');
    expect(stored).toContain('account:');
    expect(stored).not.toContain('secret.person');
    expect(stored).not.toContain('198.51.100.77');
  });
});

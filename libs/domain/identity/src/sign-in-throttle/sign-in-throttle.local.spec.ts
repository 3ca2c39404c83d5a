import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DomainError } from '@lib/common';
import { SqliteSlots } from '@lib/slots/testing';
import { SignInAttempts } from './sign-in-attempts';
import { AdmittedSignIn, SignInThrottle } from './sign-in-throttle';
import { MailThrottle } from './mail-throttle';

/** The throttle's rules over the embedded store (a real SQLite file); the Mongo store passes the same contract. */
describe('sign-in throttle', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sign-in-throttle-'));
  const file = join(dir, 'sign-in-attempts.sqlite');
  const stores: SignInAttempts[] = [];
  let now = 0;
  /** A throttle as one process has it: its own connection to the shared file. */
  const process = (limits = { perAccount: 3, perAddress: 5, windowMs: 900_000, ipv6PrefixLength: 64 }) => {
    const store = new SignInAttempts(new SqliteSlots(file));
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
    const throttle = process({ perAccount: 2, perAddress: 2, windowMs: 900_000, ipv6PrefixLength: 64 });
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
    const throttle = process({ perAccount: 3, perAddress: 2, windowMs: 900_000, ipv6PrefixLength: 64 });
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

describe('sign-in and mail throttles, by client', () => {
  const dir = mkdtempSync(join(tmpdir(), 'client-throttles-'));
  const store = new SignInAttempts(new SqliteSlots(join(dir, 'sign-in-attempts.sqlite')));
  const now = () => 1_800_000_000_000 + 60_000;
  afterAll(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const refusal = (attempt: Promise<unknown>) =>
    attempt.then(
      () => 'admitted',
      (error: unknown) => (error instanceof DomainError ? error.errorName : String(error)),
    );

  it('finding 6: counts every address of one IPv6 /64 as one client, for sign-in and for mail', async () => {
    const signIn = new SignInThrottle(
      store,
      { perAccount: 100, perAddress: 2, windowMs: 900_000, ipv6PrefixLength: 64 },
      now,
    );
    await signIn.admit('a@example.com', '2001:db8:aa:1::1');
    await signIn.admit('b@example.com', '2001:db8:aa:1:ffff::2');
    expect(await refusal(signIn.admit('c@example.com', '2001:db8:aa:1:1234:5678:9abc:def0'))).toBe('SIGN_IN_THROTTLED');
    expect(await refusal(signIn.admit('c@example.com', '2001:db8:aa:2::1'))).toBe('admitted');

    const limits = { perClient: 2, perRecipient: 100, invitesPerAccount: 100, windowMs: 900_000, ipv6PrefixLength: 64 };
    const mail = new MailThrottle(store, limits, now);
    await mail.anonymous('2001:db8:bb:1::1', 'x@example.com');
    await mail.anonymous('2001:db8:bb:1::2', 'y@example.com');
    expect(await refusal(mail.anonymous('2001:db8:bb:1::3', 'z@example.com'))).toBe('DASHBOARD_THROTTLED');
  });

  it('finding 7: failures from elsewhere do not lock the owner out of a client they signed in from before', async () => {
    const throttle = new SignInThrottle(
      store,
      { perAccount: 3, perAddress: 100, windowMs: 900_000, ipv6PrefixLength: 64 },
      now,
    );
    const owner = '198.51.100.20';
    for (const guesser of ['203.0.113.1', '203.0.113.2', '203.0.113.3'])
      await throttle.admit('victim@example.com', guesser, [owner]);
    expect(await refusal(throttle.admit('victim@example.com', '203.0.113.4', [owner]))).toBe('SIGN_IN_THROTTLED');
    const back = await throttle.admit('victim@example.com', owner, [owner]);
    await back.succeeded();
    // The owner's success leaves the guessers' count as it was.
    expect(await refusal(throttle.admit('victim@example.com', '203.0.113.5', [owner]))).toBe('SIGN_IN_THROTTLED');
  });
});

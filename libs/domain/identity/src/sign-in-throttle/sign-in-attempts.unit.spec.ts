import { MemorySlots } from '@lib/slots';
import { AttemptWindow, SignInAttempts } from './sign-in-attempts';

// How attempts map onto the slot store (whose contract runs on SQLite and on FerretDB): a group per key and window.
describe('SignInAttempts', () => {
  const attempts = new SignInAttempts(new MemorySlots());
  afterAll(() => attempts.close());
  const window = (index: number): AttemptWindow => ({ index, expiresAtMs: (index + 1) * 60_000 });
  const now = 30_000;

  it('counts each key and each window apart', async () => {
    expect(await attempts.take('a', window(1), 1, now)).not.toBeNull();
    expect(await attempts.take('a', window(1), 1, now)).toBeNull();
    expect(await attempts.take('b', window(1), 1, now)).not.toBeNull();
    expect(await attempts.take('a', window(2), 1, now)).not.toBeNull();
  });

  it('frees a released slot for the next attempt, once', async () => {
    const first = (await attempts.take('address', window(1), 2, now))!;
    await attempts.take('address', window(1), 2, now);
    await attempts.release(first);
    await attempts.release(first);
    expect(await attempts.take('address', window(1), 2, now)).not.toBeNull();
    expect(await attempts.take('address', window(1), 2, now)).toBeNull();
  });

  it('clears every window of a key and no other key', async () => {
    for (const index of [1, 2]) await attempts.take('account', window(index), 1, now);
    await attempts.take('account:known', window(1), 1, now);
    await attempts.clear('account');
    expect(await attempts.take('account', window(1), 1, now)).not.toBeNull();
    expect(await attempts.take('account', window(2), 1, now)).not.toBeNull();
    expect(await attempts.take('account:known', window(1), 1, now)).toBeNull();
  });

  it('purges the slots of expired windows only', async () => {
    await attempts.take('old', window(0), 1, now);
    await attempts.take('old', window(5), 1, now);
    expect(await attempts.purgeExpired(60_000)).toBeGreaterThanOrEqual(1);
    expect(await attempts.take('old', window(0), 1, now)).not.toBeNull();
    expect(await attempts.take('old', window(5), 1, now)).toBeNull();
  });
});

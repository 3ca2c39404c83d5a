import { portContractContext } from '@lib/common/testing';
import { AttemptWindow, SignInAttempts } from '../sign-in-throttle/sign-in-attempts.port';

/**
 * What a factory returns. Every call opens a NEW client on the SAME storage (the same file, the same
 * database), as a second process would: what one client takes, the other sees.
 */
export interface SignInAttemptsFixture {
  attempts: SignInAttempts;
  /** Closes this client; leaves the slots in place. */
  cleanup(): Promise<void>;
}

const window = (index: number): AttemptWindow => ({ index, expiresAtMs: (index + 1) * 60_000 });

/** The behaviour every SignInAttempts adapter must show; call it from the adapter's spec with its factory. */
export function signInAttemptsContract(name: string, factory: () => Promise<SignInAttemptsFixture>): void {
  describe(`SignInAttempts contract: ${name}`, () => {
    const context = portContractContext(factory, ':');
    const attempts = () => context.fixture.attempts;

    it('takes up to the limit of slots of a key in a window, then none', async () => {
      const key = context.unique('account');
      const taken = [];
      for (let i = 0; i < 4; i++) taken.push(await attempts().take(key, window(1), 3));
      expect(taken.slice(0, 3).every((id) => typeof id === 'string')).toBe(true);
      expect(new Set(taken.slice(0, 3)).size).toBe(3);
      expect(taken[3]).toBeNull();
    });

    it('counts each key and each window apart', async () => {
      const [a, b] = [context.unique('a'), context.unique('b')];
      expect(await attempts().take(a, window(1), 1)).not.toBeNull();
      expect(await attempts().take(a, window(1), 1)).toBeNull();
      expect(await attempts().take(b, window(1), 1)).not.toBeNull();
      expect(await attempts().take(a, window(2), 1)).not.toBeNull();
    });

    it('frees a released slot for the next attempt, and ignores an unknown id', async () => {
      const key = context.unique('address');
      const first = (await attempts().take(key, window(1), 2))!;
      await attempts().take(key, window(1), 2);
      expect(await attempts().take(key, window(1), 2)).toBeNull();
      await attempts().release(first);
      await attempts().release(first);
      await attempts().release(`${key}|nothing`);
      expect(await attempts().take(key, window(1), 2)).not.toBeNull();
      expect(await attempts().take(key, window(1), 2)).toBeNull();
    });

    it('clears every window of a key and no other key', async () => {
      const [key, other] = [context.unique('account'), context.unique('other')];
      for (const index of [1, 2]) await attempts().take(key, window(index), 1);
      await attempts().take(other, window(1), 1);
      await attempts().clear(key);
      expect(await attempts().take(key, window(1), 1)).not.toBeNull();
      expect(await attempts().take(key, window(2), 1)).not.toBeNull();
      expect(await attempts().take(other, window(1), 1)).toBeNull();
    });

    it('purges the slots of expired windows only', async () => {
      const key = context.unique('old');
      // Windows far in the past and future of every other test's, so the count below is this test's.
      const old: AttemptWindow = { index: 7, expiresAtMs: 1_000 };
      const live: AttemptWindow = { index: 8, expiresAtMs: 9_000_000_000_000 };
      await attempts().take(key, old, 1);
      await attempts().take(key, live, 1);
      expect(await attempts().purgeExpired(1_000)).toBeGreaterThanOrEqual(1);
      expect(await attempts().take(key, old, 1)).not.toBeNull();
      expect(await attempts().take(key, live, 1)).toBeNull();
    });

    it('shares the limit between clients of one store, also when they take at once', async () => {
      const key = context.unique('shared');
      const second = await context.open();
      const clients = [attempts(), second.attempts];
      const results = await Promise.all(Array.from({ length: 24 }, (_, i) => clients[i % 2].take(key, window(1), 5)));
      expect(results.filter((id) => id !== null)).toHaveLength(5);
      expect(new Set(results.filter((id) => id !== null)).size).toBe(5);
      expect(await second.attempts.take(key, window(1), 5)).toBeNull();
      expect(await attempts().take(key, window(1), 5)).toBeNull();
    });

    it('keeps what was taken when a client closes and another opens', async () => {
      const key = context.unique('restart');
      await attempts().take(key, window(1), 1);
      await context.fixture.cleanup();
      const reopened = await context.open();
      expect(await reopened.attempts.take(key, window(1), 1)).toBeNull();
    });
  });
}

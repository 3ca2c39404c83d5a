import { portContractContext } from '@lib/common/testing';
import { RateGrants } from '../auth/rate-limit/rate-grants.port';
import { SharedRateLimiter } from '../auth/rate-limit/shared-rate-limiter';

/**
 * What a factory returns. Every call opens a NEW client on the SAME storage, as another api process
 * would: what one client records, the other sees.
 */
export interface RateGrantsFixture {
  grants: RateGrants;
  /** Closes this client; leaves the grants in place. */
  cleanup(): Promise<void>;
}

/** The behaviour every RateGrants adapter must show; call it from the adapter's spec with its factory. */
export function rateGrantsContract(name: string, factory: () => Promise<RateGrantsFixture>): void {
  describe(`RateGrants contract: ${name}`, () => {
    const context = portContractContext(factory, ':');
    const grants = () => context.fixture.grants;

    it('has no grant for a key never granted, then the newest one recorded', async () => {
      const key = context.unique('key');
      expect(await grants().latest(key)).toBeNull();
      expect(await grants().record(key, { seq: 0, tatMs: 1_000 }, 9e12)).toBe(true);
      expect(await grants().record(key, { seq: 1, tatMs: 1_500 }, 9e12)).toBe(true);
      expect(await grants().latest(key)).toEqual({ seq: 1, tatMs: 1_500 });
    });

    it('refuses a number already recorded, and keeps the first', async () => {
      const key = context.unique('key');
      expect(await grants().record(key, { seq: 0, tatMs: 1_000 }, 9e12)).toBe(true);
      expect(await grants().record(key, { seq: 0, tatMs: 7_000 }, 9e12)).toBe(false);
      expect(await grants().latest(key)).toEqual({ seq: 0, tatMs: 1_000 });
    });

    it('refuses a number below the newest that is recorded, and the newest stays the latest', async () => {
      const key = context.unique('key');
      for (const seq of [0, 1, 2]) expect(await grants().record(key, { seq, tatMs: 1_000 + seq }, 9e12)).toBe(true);
      expect(await grants().record(key, { seq: 1, tatMs: 9_000 }, 9e12)).toBe(false);
      expect(await grants().record(key, { seq: 0, tatMs: 9_000 }, 9e12)).toBe(false);
      expect(await grants().latest(key)).toEqual({ seq: 2, tatMs: 1_002 });
    });

    it('keeps each key apart', async () => {
      const [a, b] = [context.unique('a'), context.unique('b')];
      await grants().record(a, { seq: 0, tatMs: 1 }, 9e12);
      expect(await grants().latest(b)).toBeNull();
      expect(await grants().record(b, { seq: 0, tatMs: 2 }, 9e12)).toBe(true);
      expect(await grants().latest(a)).toEqual({ seq: 0, tatMs: 1 });
    });

    it('purges the expired grants only', async () => {
      const key = context.unique('old');
      await grants().record(key, { seq: 0, tatMs: 1 }, 1_000);
      await grants().record(key, { seq: 1, tatMs: 2 }, 9e12);
      expect(await grants().purgeExpired(1_000)).toBeGreaterThanOrEqual(1);
      expect(await grants().latest(key)).toEqual({ seq: 1, tatMs: 2 });
      const gone = context.unique('gone');
      await grants().record(gone, { seq: 0, tatMs: 1 }, 1_000);
      await grants().purgeExpired(1_000);
      expect(await grants().latest(gone)).toBeNull();
    });

    it('lets exactly one of two clients record the same number, also at once', async () => {
      const key = context.unique('race');
      const second = await context.open();
      const clients = [grants(), second.grants];
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) => clients[i % 2].record(key, { seq: 0, tatMs: i }, 9e12)),
      );
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(await second.grants.latest(key)).toEqual(await grants().latest(key));
    });

    it('keeps what was recorded when a client closes and another opens', async () => {
      const key = context.unique('restart');
      await grants().record(key, { seq: 0, tatMs: 5 }, 9e12);
      await context.fixture.cleanup();
      const reopened = await context.open();
      expect(await reopened.grants.latest(key)).toEqual({ seq: 0, tatMs: 5 });
    });

    describe('under the rate limiter, three clients as three api processes on one clock', () => {
      for (const maxBlock of [1, 4]) {
        it(`allow a key its burst, then its rate, in all (grants of up to ${maxBlock} tokens)`, async () => {
          const key = context.unique('limited');
          let now = 1_000_000;
          const limiters = [grants(), (await context.open()).grants, (await context.open()).grants].map(
            (store) => new SharedRateLimiter(store, { perSecond: 5, burst: 10, maxBlock, now: () => now }),
          );
          const takeAll = async (count: number) =>
            (await Promise.all(Array.from({ length: count }, (_, i) => limiters[i % 3].take(key)))).filter(
              (decision) => decision.allowed,
            ).length;
          expect(await takeAll(30)).toBe(10);
          const refused = await limiters[0].take(key);
          expect(refused).toMatchObject({ allowed: false, remaining: 0, limit: 10 });
          expect(refused.retryAfterSeconds).toBe(1);
          now += 2_000; // 10 more tokens; a grant unspent when its lease ended is not given back
          const second = await takeAll(30);
          expect(second).toBeLessThanOrEqual(10);
          expect(second).toBeGreaterThanOrEqual(maxBlock === 1 ? 10 : 1);
        });
      }

      it('peek answers what take would, spending nothing, and sees what other processes spent', async () => {
        const key = context.unique('peeked');
        let now = 2_000_000;
        const [a, b] = [grants(), (await context.open()).grants].map(
          (store) => new SharedRateLimiter(store, { perSecond: 1, burst: 2, maxBlock: 1, now: () => now }),
        );
        for (let i = 0; i < 5; i++) expect((await a.peek(key)).allowed).toBe(true);
        expect((await b.take(key)).allowed).toBe(true);
        expect(await a.peek(key)).toMatchObject({ allowed: true, remaining: 1 });
        expect((await b.take(key)).allowed).toBe(true);
        const refused = await a.peek(key);
        expect(refused).toMatchObject({ allowed: false, remaining: 0 });
        expect(refused.retryAfterSeconds).toBe(1);
        now += 1_000;
        expect((await a.peek(key)).allowed).toBe(true);
      });
    });
  });
}

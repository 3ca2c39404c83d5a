import { MemorySlots } from '@lib/slots';
import { RateGrants } from './rate-grants';
import { SharedRateLimiter } from './shared-rate-limiter';

// The store the limiters share is the slot store (its contract runs on SQLite and on FerretDB); here the
// limiters' rules over it, one storage in memory with a client per api process.
describe('SharedRateLimiter, three clients as three api processes on one clock', () => {
  const storage = new Map();
  const processGrants = () => new RateGrants(new MemorySlots(storage));
  let keys = 0;
  const key = (name: string) => `${name}:${++keys}`;

  for (const maxBlock of [1, 4]) {
    it(`allow a key its burst, then its rate, in all (grants of up to ${maxBlock} tokens)`, async () => {
      const limited = key('limited');
      let now = 1_000_000;
      const limiters = [processGrants(), processGrants(), processGrants()].map(
        (grants) => new SharedRateLimiter(grants, { perSecond: 5, burst: 10, maxBlock, now: () => now }),
      );
      const takeAll = async (count: number) =>
        (await Promise.all(Array.from({ length: count }, (_, i) => limiters[i % 3].take(limited)))).filter(
          (decision) => decision.allowed,
        ).length;
      expect(await takeAll(30)).toBe(10);
      const refused = await limiters[0].take(limited);
      expect(refused).toMatchObject({ allowed: false, remaining: 0, limit: 10 });
      expect(refused.retryAfterSeconds).toBe(1);
      now += 2_000; // 10 more tokens; a grant unspent when its lease ended is not given back
      const second = await takeAll(30);
      expect(second).toBeLessThanOrEqual(10);
      expect(second).toBeGreaterThanOrEqual(maxBlock === 1 ? 10 : 1);
    });
  }

  it('peek answers what take would, spending nothing, and sees what other processes spent', async () => {
    const peeked = key('peeked');
    let now = 2_000_000;
    const [a, b] = [processGrants(), processGrants()].map(
      (grants) => new SharedRateLimiter(grants, { perSecond: 1, burst: 2, maxBlock: 1, now: () => now }),
    );
    for (let i = 0; i < 5; i++) expect((await a.peek(peeked)).allowed).toBe(true);
    expect((await b.take(peeked)).allowed).toBe(true);
    expect(await a.peek(peeked)).toMatchObject({ allowed: true, remaining: 1 });
    expect((await b.take(peeked)).allowed).toBe(true);
    const refused = await a.peek(peeked);
    expect(refused).toMatchObject({ allowed: false, remaining: 0 });
    expect(refused.retryAfterSeconds).toBe(1);
    now += 1_000;
    expect((await a.peek(peeked)).allowed).toBe(true);
  });
});

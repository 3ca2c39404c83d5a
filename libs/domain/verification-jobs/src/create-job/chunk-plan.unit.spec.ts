import { AddressIndex } from './address-index';
import { CHUNK_LANES, cutChunks, MIN_LANE_PART } from './chunk-plan';

function indexOf(emails: string[]): AddressIndex {
  const index = new AddressIndex();
  emails.forEach((email, row) => index.add(row + 1, email, 1_000));
  return index;
}

describe('cutting a job into chunks', () => {
  // The packing within one lane; the lanes themselves are the last describe.
  const oneLane = (index: AddressIndex, chunkSize: number) => [...cutChunks(index, chunkSize, 64, 1)];

  it('gives a large domain chunks of its own, keyed by that domain and their ordinal so they spread over partitions', () => {
    const index = indexOf([...Array.from({ length: 5 }, (_, i) => `u${i}@big.test`), 'a@small.test']);
    const chunks = oneLane(index, 2);
    expect(chunks.map((c) => c.key)).toEqual(['small.test', 'big.test#0', 'big.test#1', 'big.test#2']);
    expect(chunks.map((c) => c.chunkNo)).toEqual([0, 1, 2, 3]);
    expect(chunks.flatMap((c) => c.items.map((i) => i.email))).toHaveLength(6);
  });

  it('lets large domains take turns chunk by chunk, so chunks in flight go to different MXes', () => {
    const index = indexOf([
      ...Array.from({ length: 6 }, (_, i) => `u${i}@a.test`),
      ...Array.from({ length: 3 }, (_, i) => `u${i}@b.test`),
      'x@c.test',
    ]);
    const chunks = oneLane(index, 2);
    expect(chunks.map((c) => c.key)).toEqual(['c.test', 'a.test#0', 'b.test#0', 'a.test#1', 'b.test#1', 'a.test#2']);
    expect(chunks.map((c) => c.chunkNo)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(chunks.flatMap((c) => c.items.map((i) => i.email)).sort()).toEqual(index.emails.slice().sort());
  });

  it('packs small domains whole, never splitting one across chunks', () => {
    const index = indexOf(['a@a.test', 'b@b.test', 'b2@b.test', 'c@c.test']);
    const chunks = oneLane(index, 3);
    expect(chunks.map((c) => c.items.map((i) => i.email))).toEqual([
      ['a@a.test', 'b@b.test', 'b2@b.test'],
      ['c@c.test'],
    ]);
    expect(chunks.map((c) => c.key)).toEqual(['a.test', 'c.test']);
  });

  it('carries each address once, with its first row and how many rows hold it', () => {
    const index = indexOf(['Ann@x.test', 'ann@X.test', 'bob@x.test']);
    expect(index.counts).toEqual({ rows: 3, uniqueAddresses: 2, duplicates: 1, invalidSyntax: 0, blank: 0 });
    const [chunk] = [...cutChunks(index, 10)];
    expect(chunk.items).toEqual([
      { email: 'Ann@x.test', canonical: 'ann@x.test', firstRow: 1, rows: 2 },
      { email: 'bob@x.test', canonical: 'bob@x.test', firstRow: 3, rows: 1 },
    ]);
  });

  describe('when cells are malformed or empty', () => {
    it('verifies a malformed cell once like an address (charged as invalid) and leaves an empty one decided and free', () => {
      const index = indexOf(['bad', 'a@x.test', '', ' bad ']);
      expect(index.counts).toEqual({ rows: 4, uniqueAddresses: 2, duplicates: 1, invalidSyntax: 3, blank: 1 });
      const chunks = [...cutChunks(index, 10)];
      expect(chunks.flatMap((c) => c.items)).toEqual([
        { email: 'bad', canonical: 'malformed:bad', firstRow: 1, rows: 2 },
        { email: 'a@x.test', canonical: 'a@x.test', firstRow: 2, rows: 1 },
      ]);
    });
  });

  describe('in lanes, so that every worker gets a share of every domain', () => {
    const domainSize = 4 * MIN_LANE_PART;
    const index = indexOf(
      ['a', 'b', 'c']
        .flatMap((d) => Array.from({ length: domainSize }, (_, i) => `u${i}@${d}.test`))
        .concat('x@tiny.test'),
    );
    const chunks = [...cutChunks(index, 50)];
    const domainOf = (email: string) => email.split('@')[1];

    it(`splits a domain of ${CHUNK_LANES} x ${MIN_LANE_PART} addresses or more into ${CHUNK_LANES} equal parts, one per lane`, () => {
      for (const domain of ['a.test', 'b.test', 'c.test']) {
        const partitionsOf = chunks
          .filter((c) => c.items.some((i) => domainOf(i.email) === domain))
          .map((c) => [c.partition! % CHUNK_LANES, c.items.filter((i) => domainOf(i.email) === domain).length]);
        const perLane = new Map<number, number>();
        for (const [lane, count] of partitionsOf) perLane.set(lane, (perLane.get(lane) ?? 0) + count);
        expect([...perLane.keys()].sort()).toEqual([0, 1, 2, 3]);
        expect([...perLane.values()]).toEqual(Array(CHUNK_LANES).fill(domainSize / CHUNK_LANES));
      }
    });

    it('deals two workers (partition p to worker p mod 2) half of each domain', () => {
      for (const domain of ['a.test', 'b.test', 'c.test']) {
        const byWorker = [0, 0];
        for (const chunk of chunks)
          byWorker[chunk.partition! % 2] += chunk.items.filter((i) => domainOf(i.email) === domain).length;
        expect(byWorker).toEqual([domainSize / 2, domainSize / 2]);
      }
    });

    it('keeps a domain too small to split whole, numbers chunks in order and carries every address once', () => {
      expect(chunks.filter((c) => c.items.some((i) => i.email === 'x@tiny.test'))).toHaveLength(1);
      expect(chunks.map((c) => c.chunkNo)).toEqual(chunks.map((_, n) => n));
      expect(chunks.every((c) => c.items.length <= 50 && c.partition! < 64)).toBe(true);
      expect(chunks.flatMap((c) => c.items.map((i) => i.email)).sort()).toEqual(index.emails.slice().sort());
    });

    it('keeps a job smaller than a chunk in one chunk, and fills the lanes in turn with domains too small to split', () => {
      const small = indexOf(['jane@first.test', 'nobody@first.test', 'not-an-address', 'x@second.test']);
      expect([...cutChunks(small, 200)].map((c) => [c.partition, c.items.length])).toEqual([[0, 4]]);
      const manySmall = indexOf(Array.from({ length: 40 }, (_, i) => `u${i}@d${Math.floor(i / 5)}.test`));
      const planned = [...cutChunks(manySmall, 10)];
      expect(planned.map((c) => c.items.length)).toEqual([10, 10, 10, 10]);
      expect(planned.map((c) => c.partition)).toEqual([0, 1, 2, 3]);
    });

    it("starts each lane at its own point of the domain order, so the lanes' first chunks hold different domains", () => {
      // 12 domains split in 4 parts each, two parts to a chunk: one domain order in every lane would put
      // the same 2 domains in all 4 first chunks, leaving the other MXes idle until those end.
      const list = indexOf(
        Array.from({ length: 12 * 4 * MIN_LANE_PART }, (_, i) => `u${i}@d${Math.floor(i / (4 * MIN_LANE_PART))}.test`),
      );
      const firstRound = [...cutChunks(list, 2 * MIN_LANE_PART)].slice(0, CHUNK_LANES);
      const domains = new Set(firstRound.flatMap((c) => c.items.map((i) => domainOf(i.email))));
      expect(firstRound.map((c) => c.partition)).toEqual([0, 1, 2, 3]);
      expect(domains.size).toBe(2 * CHUNK_LANES);
    });

    it('puts the i-th chunk of lane j on partition i * lanes + j, wrapping at the partition count', () => {
      const many = indexOf(Array.from({ length: 400 }, (_, i) => `u${i}@d${i % 100}.test`));
      const planned = [...cutChunks(many, 1, 8)];
      expect(planned.slice(0, 10).map((c) => c.partition)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 0, 1]);
    });
  });
});

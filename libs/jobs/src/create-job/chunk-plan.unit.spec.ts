import { AddressIndex } from './address-index';
import { cutChunks } from './chunk-plan';

function indexOf(emails: string[]): AddressIndex {
  const index = new AddressIndex();
  emails.forEach((email, row) => index.add(row + 1, email, 1_000));
  return index;
}

describe('cutting a job into chunks', () => {
  it('gives a large domain chunks of its own, keyed by that domain and their ordinal so they spread over partitions', () => {
    const index = indexOf([...Array.from({ length: 5 }, (_, i) => `u${i}@big.test`), 'a@small.test']);
    const chunks = [...cutChunks(index, 2)];
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
    const chunks = [...cutChunks(index, 2)];
    expect(chunks.map((c) => c.key)).toEqual(['c.test', 'a.test#0', 'b.test#0', 'a.test#1', 'b.test#1', 'a.test#2']);
    expect(chunks.map((c) => c.chunkNo)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(chunks.flatMap((c) => c.items.map((i) => i.email)).sort()).toEqual(index.emails.slice().sort());
  });

  it('packs small domains whole, never splitting one across chunks', () => {
    const index = indexOf(['a@a.test', 'b@b.test', 'b2@b.test', 'c@c.test']);
    const chunks = [...cutChunks(index, 3)];
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
});

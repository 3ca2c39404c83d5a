import type { Doc } from '../read-store.port';
import type { ReadContractContext } from './contract-context';

/** Streaming many documents in sort order, across page boundaries and with ties in the sort key. */
export function streamContract(ctx: ReadContractContext): void {
  describe('streaming', () => {
    const total = 1234;
    const docs = Array.from({ length: total }, (_, i) => ({
      _id: `d${String(i).padStart(5, '0')}`,
      // Few distinct values so sort ties must be broken consistently; some documents lack the field.
      bucket: i % 7 === 0 ? undefined : i % 5,
      parity: i % 2 === 0 ? 'even' : 'odd',
    }));

    async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
      const out: T[] = [];
      for await (const item of iterable) out.push(item);
      return out;
    }

    async function seeded(): Promise<ReturnType<typeof ctx.store.collection>> {
      const collection = ctx.store.collection(ctx.unique('stream'));
      await collection.bulkWrite(
        docs.map((doc) => ({ kind: 'upsert' as const, doc: JSON.parse(JSON.stringify(doc)) as Doc })),
      );
      return collection;
    }

    it('yields every matching document exactly once in the same order as find', async () => {
      const collection = await seeded();
      for (const sort of [{ bucket: 1 }, { bucket: -1, parity: 1 }, { _id: -1 }] as Record<string, 1 | -1>[]) {
        const streamed = await collect(collection.stream({ sort }));
        const found = await collection.find({ sort });
        expect(streamed.map((d) => d._id)).toEqual(found.map((d) => d._id));
        expect(new Set(streamed.map((d) => d._id)).size).toBe(total);
      }
    });

    it('applies the filter, skip and limit while streaming', async () => {
      const collection = await seeded();
      const options = { filter: { parity: 'odd' }, sort: { bucket: -1 as const }, skip: 10, limit: 600 };
      const streamed = await collect(collection.stream(options));
      expect(streamed).toHaveLength(600);
      expect(streamed.map((d) => d._id)).toEqual((await collection.find(options)).map((d) => d._id));
      expect(streamed.every((d) => d.parity === 'odd')).toBe(true);
    });

    it('lets the consumer write to the store between documents', async () => {
      const collection = await seeded();
      const copy = ctx.store.collection(ctx.unique('copy'));
      for await (const doc of collection.stream({ filter: { bucket: 3 } })) await copy.upsert(doc);
      expect(await copy.count()).toBe(await collection.count({ bucket: 3 }));
    });
  });
}

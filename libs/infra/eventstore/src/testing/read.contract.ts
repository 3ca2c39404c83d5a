import { randomUUID } from 'node:crypto';
import type { ContractContext } from './contract-context';

/** Reading one stream both ways and the global log with positions and type filters. */
export function readContract(ctx: ContractContext): void {
  describe('reading a stream', () => {
    it('reads a missing stream as empty', async () => {
      expect(await ctx.store.readStream(ctx.unique('missing-'))).toEqual([]);
    });

    it('returns what was appended with ids, metadata and an ISO recording time', async () => {
      const stream = ctx.unique('order-');
      const id = randomUUID();
      const data = { total: 12.5, lines: [{ sku: 'x' }] };
      await ctx.store.appendToStream(
        stream,
        [{ id, type: 'Placed', data, metadata: { correlationId: 'c1' } }],
        'no_stream',
      );
      const [stored] = await ctx.store.readStream(stream);
      expect(stored).toMatchObject({
        id,
        type: 'Placed',
        streamId: stream,
        revision: 0,
        data,
        metadata: { correlationId: 'c1' },
      });
      expect(new Date(stored.recordedAt).toISOString()).toBe(stored.recordedAt);
    });

    it('reads forwards from a revision with a maximum count', async () => {
      const stream = ctx.unique('order-');
      await ctx.store.appendToStream(
        stream,
        [0, 1, 2, 3, 4].map((n) => ({ type: 'N', data: { n } })),
        'no_stream',
      );
      const page = await ctx.store.readStream(stream, { fromRevision: 1, maxCount: 3 });
      expect(page.map((e) => e.data.n)).toEqual([1, 2, 3]);
    });

    it('reads backwards from the end or from a revision', async () => {
      const stream = ctx.unique('order-');
      await ctx.store.appendToStream(
        stream,
        [0, 1, 2, 3].map((n) => ({ type: 'N', data: { n } })),
        'no_stream',
      );
      expect(
        (await ctx.store.readStream(stream, { direction: 'backwards', maxCount: 2 })).map((e) => e.revision),
      ).toEqual([3, 2]);
      expect(
        (await ctx.store.readStream(stream, { direction: 'backwards', fromRevision: 1 })).map((e) => e.revision),
      ).toEqual([1, 0]);
    });
  });

  describe('reading the global log', () => {
    it('orders events from all streams by increasing position after an exclusive checkpoint', async () => {
      const [a, b] = [ctx.unique('a-'), ctx.unique('b-')];
      const marker = await ctx.store.appendToStream(a, [{ type: 'N', data: { n: 0 } }], 'no_stream');
      await ctx.store.appendToStream(b, [{ type: 'N', data: { n: 1 } }], 'no_stream');
      await ctx.store.appendToStream(a, [{ type: 'N', data: { n: 2 } }], 0);
      const mine = (await ctx.store.readAll({ after: marker.position })).filter(
        (e) => e.streamId === a || e.streamId === b,
      );
      expect(mine.map((e) => e.data.n)).toEqual([1, 2]);
      const positions = mine.map((e) => e.position);
      expect([...positions].sort((x, y) => x - y)).toEqual(positions);
      expect(new Set(positions).size).toBe(positions.length);
    });

    it('reports the position of the newest event as the head', async () => {
      const written = await ctx.store.appendToStream(ctx.unique('head-'), [{ type: 'N', data: {} }], 'no_stream');
      // Other suites may share the server and write after us, never before.
      expect(await ctx.store.headPosition()).toBeGreaterThanOrEqual(written.position);
    });

    it('stops at upTo, inclusive', async () => {
      const stream = ctx.unique('upto-');
      const first = await ctx.store.appendToStream(stream, [{ type: 'N', data: { n: 0 } }], 'no_stream');
      const second = await ctx.store.appendToStream(stream, [{ type: 'N', data: { n: 1 } }], 0);
      await ctx.store.appendToStream(stream, [{ type: 'N', data: { n: 2 } }], 1);
      const upTo = (await ctx.store.readAll({ after: first.position, upTo: second.position })).filter(
        (e) => e.streamId === stream,
      );
      expect(upTo.map((e) => e.data.n)).toEqual([1]);
    });

    it('filters by event type and honours the maximum count', async () => {
      const [wanted, other] = [ctx.unique('Wanted'), ctx.unique('Other')];
      const stream = ctx.unique('mixed-');
      const marker = await ctx.store.appendToStream(stream, [{ type: other, data: {} }], 'no_stream');
      await ctx.store.appendToStream(
        stream,
        [wanted, other, wanted, wanted].map((type, n) => ({ type, data: { n } })),
        0,
      );
      const filtered = await ctx.store.readAll({ after: marker.position, eventTypes: [wanted], maxCount: 2 });
      expect(filtered.map((e) => [e.type, e.data.n])).toEqual([
        [wanted, 0],
        [wanted, 2],
      ]);
    });
  });
}

import { randomUUID } from 'node:crypto';
import { WrongExpectedRevisionError } from '../event-store.port';
import type { ContractContext } from './contract-context';

const event = (type: string, n = 0) => ({ type, data: { n } });

/** Optimistic concurrency: every expected-revision variant, conflicts, atomic batches, idempotent retries. */
export function appendContract(ctx: ContractContext): void {
  describe('appending to a stream', () => {
    it('numbers a new stream from revision 0 and returns the last revision and position', async () => {
      const stream = ctx.unique('order-');
      const result = await ctx.store.appendToStream(stream, [event('A'), event('B')], 'no_stream');
      expect(result.nextRevision).toBe(1);
      const stored = await ctx.store.readStream(stream);
      expect(stored.map((e) => e.revision)).toEqual([0, 1]);
      expect(result.position).toBe(stored[1].position);
    });

    it('continues from the expected revision it was given', async () => {
      const stream = ctx.unique('order-');
      const first = await ctx.store.appendToStream(stream, [event('A')], 'no_stream');
      const second = await ctx.store.appendToStream(stream, [event('B')], first.nextRevision);
      expect(second.nextRevision).toBe(1);
      expect(second.position).toBeGreaterThan(first.position);
    });

    it('refuses no_stream when the stream exists, reporting the actual revision', async () => {
      const stream = ctx.unique('order-');
      await ctx.store.appendToStream(stream, [event('A'), event('B')], 'no_stream');
      const error = await ctx.store.appendToStream(stream, [event('C')], 'no_stream').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(WrongExpectedRevisionError);
      expect(error).toMatchObject({ streamId: stream, expected: 'no_stream', actual: 1 });
    });

    it('refuses a stale revision and writes nothing', async () => {
      const stream = ctx.unique('order-');
      await ctx.store.appendToStream(stream, [event('A'), event('B')], 'no_stream');
      await expect(ctx.store.appendToStream(stream, [event('C'), event('D')], 0)).rejects.toBeInstanceOf(
        WrongExpectedRevisionError,
      );
      expect(await ctx.store.readStream(stream)).toHaveLength(2);
    });

    it('refuses a numeric revision on a missing stream', async () => {
      const error = await ctx.store.appendToStream(ctx.unique('order-'), [event('A')], 0).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(WrongExpectedRevisionError);
      expect(error).toMatchObject({ actual: 'no_stream' });
    });

    it('accepts stream_exists only once the stream exists', async () => {
      const stream = ctx.unique('order-');
      await expect(ctx.store.appendToStream(stream, [event('A')], 'stream_exists')).rejects.toBeInstanceOf(
        WrongExpectedRevisionError,
      );
      await ctx.store.appendToStream(stream, [event('A')], 'no_stream');
      await expect(ctx.store.appendToStream(stream, [event('B')], 'stream_exists')).resolves.toMatchObject({
        nextRevision: 1,
      });
    });

    it('appends with any whether or not the stream exists', async () => {
      const stream = ctx.unique('order-');
      await ctx.store.appendToStream(stream, [event('A')], 'any');
      await expect(ctx.store.appendToStream(stream, [event('B')], 'any')).resolves.toMatchObject({ nextRevision: 1 });
    });

    it('lets exactly one of two racing writers with the same expected revision win', async () => {
      const stream = ctx.unique('order-');
      await ctx.store.appendToStream(stream, [event('A')], 'no_stream');
      const other = await ctx.open();
      const results = await Promise.allSettled([
        ctx.store.appendToStream(stream, [event('B', 1)], 0),
        other.store.appendToStream(stream, [event('B', 2)], 0),
      ]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      expect(rejected.reason).toBeInstanceOf(WrongExpectedRevisionError);
      expect(await ctx.store.readStream(stream)).toHaveLength(2);
    });

    it('refuses an empty append and writes nothing', async () => {
      const stream = ctx.unique('order-');
      await expect(ctx.store.appendToStream(stream, [], 'any')).rejects.toThrow(/at least one event/);
      expect(await ctx.store.readStream(stream)).toEqual([]);
    });

    it('returns the earlier result when the same event ids are retried with the same expected revision', async () => {
      const stream = ctx.unique('order-');
      const events = [
        { id: randomUUID(), ...event('A') },
        { id: randomUUID(), ...event('B') },
      ];
      const first = await ctx.store.appendToStream(stream, events, 'no_stream');
      const retried = await ctx.store.appendToStream(stream, events, 'no_stream');
      expect(retried).toEqual(first);
      expect(await ctx.store.readStream(stream)).toHaveLength(2);
    });
  });
}

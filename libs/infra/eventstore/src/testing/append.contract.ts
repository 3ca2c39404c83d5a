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

  // Calls made together, from one client: an adapter may write them as one group (the embedded store
  // does), but each is still checked and answered on its own.
  describe('appending concurrently from one client', () => {
    it('lets exactly one of several appends with the same expected revision win; the others conflict', async () => {
      const stream = ctx.unique('order-');
      await ctx.store.appendToStream(stream, [event('A')], 'no_stream');
      const results = await Promise.allSettled(
        [1, 2, 3, 4].map((n) => ctx.store.appendToStream(stream, [event('B', n)], 0)),
      );
      const won = results.filter((r) => r.status === 'fulfilled');
      expect(won).toHaveLength(1);
      for (const r of results.filter((r) => r.status === 'rejected'))
        expect((r as PromiseRejectedResult).reason).toMatchObject({ streamId: stream, expected: 0, actual: 1 });
      const stored = await ctx.store.readStream(stream);
      expect(stored.map((e) => e.revision)).toEqual([0, 1]);
      expect(stored[1].position).toBe((won[0] as PromiseFulfilledResult<{ position: number }>).value.position);
    });

    it('lands every append to different streams, each with its own revision and position', async () => {
      const streams = [1, 2, 3, 4, 5].map(() => ctx.unique('order-'));
      const results = await Promise.all(
        streams.map((stream, n) => ctx.store.appendToStream(stream, [event('A', n), event('B', n)], 'no_stream')),
      );
      expect(results.map((r) => r.nextRevision)).toEqual([1, 1, 1, 1, 1]);
      expect(new Set(results.map((r) => r.position)).size).toBe(5);
      for (const [n, stream] of streams.entries()) {
        const stored = await ctx.store.readStream(stream);
        expect(stored.map((e) => [e.type, e.data])).toEqual([
          ['A', { n }],
          ['B', { n }],
        ]);
        expect(stored[1].position).toBe(results[n].position);
      }
    });

    it('keeps the other appends when some of them are refused', async () => {
      const kept = ctx.unique('order-');
      const refused = ctx.unique('order-');
      const existing = ctx.unique('order-');
      await ctx.store.appendToStream(existing, [event('A')], 'no_stream');
      const [first, stale, exists, last] = await Promise.allSettled([
        ctx.store.appendToStream(kept, [event('A', 1)], 'no_stream'),
        ctx.store.appendToStream(refused, [event('A', 2)], 3),
        ctx.store.appendToStream(existing, [event('B', 3)], 'no_stream'),
        ctx.store.appendToStream(kept, [event('B', 4)], 0),
      ]);
      expect(first.status).toBe('fulfilled');
      expect((stale as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedRevisionError);
      expect((exists as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedRevisionError);
      expect(last).toMatchObject({ status: 'fulfilled', value: { nextRevision: 1 } });
      expect((await ctx.store.readStream(kept)).map((e) => e.data)).toEqual([{ n: 1 }, { n: 4 }]);
      expect(await ctx.store.readStream(refused)).toEqual([]);
      expect(await ctx.store.readStream(existing)).toHaveLength(1);
    });

    it('answers a retry sent together with its original as the original, writing the events once', async () => {
      const stream = ctx.unique('order-');
      const events = [
        { id: randomUUID(), ...event('A') },
        { id: randomUUID(), ...event('B') },
      ];
      const [first, retried] = await Promise.all([
        ctx.store.appendToStream(stream, events, 'no_stream'),
        ctx.store.appendToStream(stream, events, 'no_stream'),
      ]);
      expect(retried).toEqual(first);
      expect(await ctx.store.readStream(stream)).toHaveLength(2);
    });

    it('keeps every acknowledged append of a burst across many streams, and refuses only the conflicts', async () => {
      const streams = Array.from({ length: 40 }, () => ctx.unique('burst-'));
      // Twice per stream, both expecting no stream: exactly one of each pair is written.
      const results = await Promise.allSettled(
        streams.flatMap((stream, n) =>
          [0, 1].map((k) => ctx.store.appendToStream(stream, [event('A', n * 2 + k)], 'no_stream')),
        ),
      );
      const written = results.filter((r) => r.status === 'fulfilled');
      expect(written).toHaveLength(streams.length);
      for (const r of results.filter((r) => r.status === 'rejected'))
        expect((r as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedRevisionError);
      const positions = written.map((r) => (r as PromiseFulfilledResult<{ position: number }>).value.position);
      expect(new Set(positions).size).toBe(streams.length);
      for (const [n, stream] of streams.entries()) {
        const stored = await ctx.store.readStream(stream);
        expect(stored).toHaveLength(1);
        const winner = results.findIndex((r, i) => Math.floor(i / 2) === n && r.status === 'fulfilled');
        expect(stored[0].data).toEqual({ n: winner });
      }
    });
  });

  // Calls made together from two clients (two processes on one store): each client's group is checked
  // against what the other already wrote, so the expected revision still decides one winner.
  describe('appending concurrently from two clients', () => {
    it('lets exactly one client win an expected revision both race for', async () => {
      const other = await ctx.open();
      const stream = ctx.unique('order-');
      await ctx.store.appendToStream(stream, [event('A')], 'no_stream');
      const results = await Promise.allSettled([
        ...[1, 2].map((n) => ctx.store.appendToStream(stream, [event('B', n)], 0)),
        ...[3, 4].map((n) => other.store.appendToStream(stream, [event('B', n)], 0)),
      ]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      expect((await ctx.store.readStream(stream)).map((e) => e.revision)).toEqual([0, 1]);
    });
  });
}

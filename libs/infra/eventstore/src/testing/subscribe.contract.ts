import type { RecordedEvent } from '../event-store.port';
import { eventually } from '@lib/common/testing';
import { ContractContext } from './contract-context';

/** Catch-up then live delivery from a checkpoint, type filters, retries and stopping. */
export function subscribeContract(ctx: ContractContext): void {
  describe('subscribing to all', () => {
    it('delivers events after the checkpoint, then live ones, in order and filtered by type', async () => {
      const [wanted, other] = [ctx.unique('Wanted'), ctx.unique('Other')];
      const stream = ctx.unique('sub-');
      const before = await ctx.store.appendToStream(stream, [{ type: wanted, data: { n: -1 } }], 'no_stream');
      await ctx.store.appendToStream(
        stream,
        [
          { type: wanted, data: { n: 0 } },
          { type: other, data: {} },
        ],
        'any',
      );
      const seen: RecordedEvent[] = [];
      const sub = ctx.store.subscribeToAll({ after: before.position, eventTypes: [wanted] }, async (e) => {
        seen.push(e);
      });
      try {
        await ctx.store.appendToStream(
          stream,
          [
            { type: wanted, data: { n: 1 } },
            { type: other, data: {} },
          ],
          'any',
        );
        await ctx.store.appendToStream(stream, [{ type: wanted, data: { n: 2 } }], 'any');
        await eventually(() => expect(seen.map((e) => e.data.n)).toEqual([0, 1, 2]));
        expect(seen.every((e) => e.type === wanted)).toBe(true);
        expect(seen.map((e) => e.position)).toEqual([...seen.map((e) => e.position)].sort((a, b) => a - b));
      } finally {
        await sub.stop();
      }
    });

    it('sees events appended by another client', async () => {
      const type = ctx.unique('Remote');
      const seen: number[] = [];
      const sub = ctx.store.subscribeToAll({ eventTypes: [type] }, async (e) => {
        seen.push(e.data.n);
      });
      try {
        const writer = await ctx.open();
        await writer.store.appendToStream(ctx.unique('remote-'), [{ type, data: { n: 7 } }], 'no_stream');
        await eventually(() => expect(seen).toEqual([7]));
      } finally {
        await sub.stop();
      }
    });

    it('retries an event whose handler rejects and never skips it', async () => {
      const type = ctx.unique('Flaky');
      const stream = ctx.unique('flaky-');
      await ctx.store.appendToStream(
        stream,
        [0, 1].map((n) => ({ type, data: { n } })),
        'no_stream',
      );
      const attempts: number[] = [];
      let failures = 2;
      const sub = ctx.store.subscribeToAll({ eventTypes: [type] }, async (e) => {
        attempts.push(e.data.n);
        if (e.data.n === 0 && failures-- > 0) throw new Error('transient');
      });
      try {
        await eventually(() => expect(attempts).toEqual([0, 0, 0, 1]), { timeoutMs: 15000 });
      } finally {
        await sub.stop();
      }
    }, 20000);

    it('resolves stop only after the running handler finished, and delivers nothing after', async () => {
      const type = ctx.unique('Slow');
      await ctx.store.appendToStream(
        ctx.unique('slow-'),
        [0, 1, 2].map((n) => ({ type, data: { n } })),
        'no_stream',
      );
      let running = 0;
      const handled: number[] = [];
      let started!: () => void;
      const firstStarted = new Promise<void>((resolve) => (started = resolve));
      const sub = ctx.store.subscribeToAll({ eventTypes: [type] }, async (e) => {
        running += 1;
        started();
        await new Promise((resolve) => setTimeout(resolve, 200)); // a slow handler, still running when stop is called
        handled.push(e.data.n);
        running -= 1;
      });
      await firstStarted;
      await sub.stop();
      expect(running).toBe(0);
      const afterStop = handled.length;
      // A deliberate pause: room for a handler the stopped subscription should no longer call.
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(handled).toHaveLength(afterStop);
      expect(afterStop).toBeLessThan(3);
    });
  });
}

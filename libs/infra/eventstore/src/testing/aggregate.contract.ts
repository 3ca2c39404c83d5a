import type { Decider, Upcasters } from '@lib/common';
import { aggregateStream, readEvents } from '../aggregate-stream';
import { runCommand } from '../command-runner';
import type { ContractContext } from './contract-context';

type Deposited = { type: 'Deposited'; data: { cents: number } };
type Tally = { total: number; count: number };
type Deposit = { type: 'Deposit'; cents: number };

// `Paid { euros }` was retired for `Deposited { cents }`, so stored history holds both shapes.
const upcasters: Upcasters<Deposited> = {
  Paid: (stored) => ({ type: 'Deposited', data: { cents: (stored.data as { euros: number }).euros * 100 } }),
};
const tally: Decider<Deposit, Deposited, Tally> = {
  initialState: { total: 0, count: 0 },
  evolve: (state, event) => ({ total: state.total + event.data.cents, count: state.count + 1 }),
  decide: (command) => [{ type: 'Deposited', data: { cents: command.cents } }],
  upcasters,
};

/** Reading a stream through upcasters and folding it, as every command handler does (emmett's testAggregateStream). */
export function aggregateContract(ctx: ContractContext): void {
  describe('aggregating a stream', () => {
    it('folds a missing stream to the initial state, expecting no stream', async () => {
      await expect(aggregateStream(ctx.store, ctx.unique('tally-'), tally)).resolves.toEqual({
        state: { total: 0, count: 0 },
        expectedRevision: 'no_stream',
        position: -1,
      });
    });

    it('upcasts old shapes, folds every event and returns the revision and position to append after', async () => {
      const stream = ctx.unique('tally-');
      await ctx.store.appendToStream(
        stream,
        [
          { type: 'Paid', data: { euros: 2 } },
          { type: 'Deposited', data: { cents: 50 } },
        ],
        'no_stream',
      );
      const last = await ctx.store.appendToStream(stream, [{ type: 'Paid', data: { euros: 1 } }], 1);
      await expect(aggregateStream(ctx.store, stream, tally)).resolves.toEqual({
        state: { total: 350, count: 3 },
        expectedRevision: 2,
        position: last.position,
      });
      await expect(aggregateStream(ctx.store, stream, tally, { latest: 2 })).resolves.toMatchObject({
        state: { total: 150, count: 2 },
        expectedRevision: 2,
      });
    });

    it("reads events in today's shape with where they are stored", async () => {
      const stream = ctx.unique('tally-');
      await ctx.store.appendToStream(stream, [{ type: 'Paid', data: { euros: 4 } }], 'no_stream');
      const [event] = await readEvents(ctx.store, stream, upcasters);
      expect(event).toMatchObject({ type: 'Deposited', data: { cents: 400 }, streamId: stream, revision: 0 });
    });

    it('runs a command on the upcast state and appends after the revision it read', async () => {
      const stream = ctx.unique('tally-');
      await ctx.store.appendToStream(stream, [{ type: 'Paid', data: { euros: 1 } }], 'no_stream');
      const run = await runCommand(ctx.store, stream, tally, { type: 'Deposit', cents: 5 });
      expect(run).toMatchObject({ state: { total: 105, count: 2 }, nextRevision: 1 });
      expect(run.streamPosition).toBe(run.position);
      expect((await ctx.store.readStream(stream)).map((e) => e.type)).toEqual(['Paid', 'Deposited']);
    });
  });
}

import type { Decider } from '@lib/common';
import { runCommand } from '../command-runner';
import type { RecordedEvent } from '../event-store.port';
import { eventually } from '@lib/common/testing';
import { contractContext, type EventStoreFactory } from './contract-context';

/**
 * Faults a test server can inject. Each case of the fault contract runs where its injector exists and
 * is registered as skipped, with the reason in its name, where it does not (a real server cannot lose
 * one reply on demand; the embedded store has no foreign events).
 */
export interface EventStoreFaults {
  /** Writes `count` events the port cannot represent to `streamId` (EventStoreDB: non-JSON link events `$>`, as the standard projections write). */
  appendForeign?(streamId: string, count: number): Promise<void>;
  /** Filtered subscriptions get checkpoints at the end of the log (the position the next event will take), as regressed KurrentDB versions send. */
  checkpointAtEndOfLog?(): void;
  /** Resolves once the server has sent a subscription a checkpoint. */
  checkpointSent?(): Promise<void>;
  /** Runs `write` while live delivery is held, then cuts every subscription's connection and lets delivery resume. */
  dropSubscriptionsAfter?(write: () => Promise<void>): Promise<void>;
  /** The next append is stored and its reply never arrives (the client's deadline expires). */
  loseNextAppendReply?(): void;
  /** The store's user may not read the global log (EventStoreDB: `$all` is `$admins`-only by default). */
  denyGlobalLog?(): void;
  /** The server accepts calls and answers none. */
  silence?(): void;
  /** Undoes every fault; runs after each test. */
  reset(): void;
}

type Counter = { type: 'Counted'; data: { n: number } };
const counter: Decider<{ type: 'Count' }, Counter, number> = {
  initialState: 0,
  evolve: (n) => n + 1,
  decide: (_command, n) => [{ type: 'Counted', data: { n: n + 1 } }],
};

/** How the port behaves when the server or the network misbehaves. See EventStoreFaults for what each case needs. */
export function eventStoreFaultContract(name: string, factory: EventStoreFactory, faults: EventStoreFaults): void {
  describe(`EventStore fault contract: ${name}`, () => {
    const ctx = contractContext(factory);
    afterEach(() => faults.reset());
    const needs = (
      needed: Array<keyof EventStoreFaults>,
      title: string,
      body: () => Promise<void>,
      timeoutMs?: number,
    ): void => {
      const missing = needed.filter((fault) => !faults[fault]);
      if (missing.length === 0) it(title, body, timeoutMs);
      else it.skip(`${title} [SKIPPED: this server cannot inject ${missing.join(', ')}]`, body);
    };

    needs(
      ['appendForeign'],
      'reads the global log past a run of events it cannot represent, longer than a page',
      async () => {
        const type = ctx.unique('AfterForeign');
        const marker = await ctx.store.appendToStream(ctx.unique('before-'), [{ type, data: { n: 0 } }], 'no_stream');
        await faults.appendForeign!(ctx.unique('links-'), 1200);
        await ctx.store.appendToStream(ctx.unique('after-'), [{ type, data: { n: 1 } }], 'no_stream');
        const found = await ctx.store.readAll({ after: marker.position, eventTypes: [type] });
        expect(found.map((e) => e.data.n)).toEqual([1]);
        const [first] = await ctx.store.readAll({ after: marker.position, eventTypes: [type], maxCount: 1 });
        expect(first.data.n).toBe(1);
      },
    );

    needs(
      ['checkpointAtEndOfLog', 'checkpointSent', 'dropSubscriptionsAfter'],
      'delivers an event written at the last checkpoint position after the connection drops',
      async () => {
        const [wanted, other] = [ctx.unique('Wanted'), ctx.unique('Other')];
        const marker = await ctx.store.appendToStream(
          ctx.unique('checkpoint-'),
          [{ type: other, data: {} }],
          'no_stream',
        );
        await ctx.store.appendToStream(ctx.unique('checkpoint-'), [{ type: other, data: {} }], 'no_stream');
        faults.checkpointAtEndOfLog!();
        const checkpointed = faults.checkpointSent!();
        const seen: RecordedEvent[] = [];
        const sub = ctx.store.subscribeToAll({ after: marker.position, eventTypes: [wanted] }, async (e) => {
          seen.push(e);
        });
        try {
          await checkpointed;
          await faults.dropSubscriptionsAfter!(async () => {
            await ctx.store.appendToStream(ctx.unique('checkpoint-'), [{ type: wanted, data: { n: 1 } }], 'no_stream');
          });
          await eventually(() => expect(seen.map((e) => e.data.n)).toEqual([1]));
        } finally {
          await sub.stop();
        }
      },
    );

    needs(['loseNextAppendReply'], "writes a command's events once when the append's reply is lost", async () => {
      const stream = ctx.unique('counter-');
      await runCommand(ctx.store, stream, counter, { type: 'Count' });
      faults.loseNextAppendReply!();
      const run = await runCommand(ctx.store, stream, counter, { type: 'Count' });
      expect(run.nextRevision).toBe(1);
      expect((await ctx.store.readStream(stream)).map((e) => e.data.n)).toEqual([1, 2]);
    });

    needs(
      ['denyGlobalLog'],
      'reports a refused global log in ping and problems instead of retrying silently',
      async () => {
        faults.denyGlobalLog!();
        const sub = ctx.store.subscribeToAll(
          { eventTypes: [ctx.unique('Denied')], name: 'denied' },
          async () => undefined,
        );
        try {
          await eventually(() => expect(ctx.store.problems().join('\n')).toMatch(/denied.*access denied/i));
          await expect(ctx.store.ping()).resolves.toBe(false);
        } finally {
          await sub.stop();
        }
      },
    );

    needs(['silence'], 'answers ping with false when the server stops answering', async () => {
      faults.silence!();
      await expect(ctx.store.ping()).resolves.toBe(false);
    });
  });
}

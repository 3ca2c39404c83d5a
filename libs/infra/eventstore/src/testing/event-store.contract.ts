import { aggregateContract } from './aggregate.contract';
import { appendContract } from './append.contract';
import { contractContext, EventStoreFactory } from './contract-context';
import { readContract } from './read.contract';
import { subscribeContract } from './subscribe.contract';

export type { EventStoreFactory, EventStoreFixture } from './contract-context';

/**
 * The behaviour every EventStore adapter must show. Call it from an adapter's `*.local.spec.ts` (or `*.int.spec.ts` for an external server):
 * `eventStoreContract('sqlite', async () => ({ store, cleanup }))`. See EventStoreFixture for what a
 * factory call must mean (a new client on the same storage).
 */
export function eventStoreContract(name: string, factory: EventStoreFactory): void {
  describe(`EventStore contract: ${name}`, () => {
    const ctx = contractContext(factory);
    appendContract(ctx);
    readContract(ctx);
    subscribeContract(ctx);
    aggregateContract(ctx);

    describe('restarting', () => {
      it('keeps every acknowledged event when the client is closed and reopened', async () => {
        const stream = ctx.unique('durable-');
        const written = await ctx.store.appendToStream(stream, [{ type: 'Kept', data: { n: 1 } }], 'no_stream');
        await ctx.store.close();
        const reopened = await ctx.open();
        const [stored] = await reopened.store.readStream(stream);
        expect(stored).toMatchObject({ type: 'Kept', data: { n: 1 }, position: written.position });
        await expect(reopened.store.appendToStream(stream, [{ type: 'Kept', data: {} }], 0)).resolves.toMatchObject({
          nextRevision: 1,
        });
      });
    });

    describe('health', () => {
      it('answers ping while open', async () => {
        await expect(ctx.store.ping()).resolves.toBe(true);
      });
    });
  });
}

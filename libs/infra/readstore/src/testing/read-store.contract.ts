import { readContractContext, ReadStoreFactory } from './contract-context';
import { documentsContract } from './documents.contract';
import { queriesContract } from './queries.contract';
import { streamContract } from './stream.contract';

export type { ReadStoreFactory, ReadStoreFixture } from './contract-context';

/**
 * The behaviour every ReadStore adapter must show. Call it from an adapter's `*.local.spec.ts` (or `*.int.spec.ts` for an external server):
 * `readStoreContract('sqlite', async () => ({ store, cleanup }))`. Each factory call must open a new
 * client on the same storage (see ReadStoreFixture).
 */
export function readStoreContract(name: string, factory: ReadStoreFactory): void {
  describe(`ReadStore contract: ${name}`, () => {
    const ctx = readContractContext(factory);
    documentsContract(ctx);
    queriesContract(ctx);
    streamContract(ctx);

    it('answers ping while open', async () => {
      await expect(ctx.store.ping()).resolves.toBe(true);
    });
  });
}

import { busContractContext, MessageBusFactory } from './contract-context';
import { deliveryContract } from './delivery.contract';
import { failureContract } from './failure.contract';
import { observerContract } from './observer.contract';

export type { MessageBusFactory, MessageBusFixture } from './contract-context';

/**
 * The behaviour every MessageBus adapter must show. Call it from an adapter's `*.local.spec.ts` (or `*.int.spec.ts` for an external server):
 * `messageBusContract('kafka', async (observer) => ({ bus, cleanup }))`. Each factory call must open a new
 * client on the same broker (see MessageBusFixture) that reports to `observer` when one is given; topics
 * need at least 2 partitions for the sharing test.
 */
export function messageBusContract(name: string, factory: MessageBusFactory): void {
  describe(`MessageBus contract: ${name}`, () => {
    const ctx = busContractContext(factory);
    deliveryContract(ctx);
    failureContract(ctx);
    observerContract(factory);
  });
}

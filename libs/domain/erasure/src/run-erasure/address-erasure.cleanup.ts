import { Inject, Injectable } from '@nestjs/common';
import type { AddressErasableJobKind, ErasableJobFiles } from '@lib/jobs';
import { MessageBus } from '@lib/messaging';
import { ReadStore } from '@lib/readstore';
import type { ErasureRequested } from '../domain/erasure.events';
import { ErasureCleanup } from './erasure-cleanup';
import { ERASABLE_READ_MODELS, type ErasableReadModel } from './erasable-read-model';

/** The job kinds whose jobs an address erasure goes through (each kind's lib exports its plug-in). */
export const ADDRESS_ERASABLE_JOB_KINDS = Symbol('ADDRESS_ERASABLE_JOB_KINDS');

/**
 * A data subject's request, beside the address key (single and batch verifications, job and finder rows
 * sealed under it are unreadable already): every job of the account asked before the request loses the
 * address from its row results and files (a download shows the rows erased), the other read models lose what
 * the account taught them of it (the finder's known addresses), and the bus forgets the messages that hold it
 * (chunks, relayed verifications) where it can.
 */
@Injectable()
export class AddressErasureCleanup extends ErasureCleanup {
  readonly kind = 'address' as const;

  constructor(
    @Inject(ADDRESS_ERASABLE_JOB_KINDS) private readonly kinds: AddressErasableJobKind[],
    @Inject(ERASABLE_READ_MODELS) private readonly readModels: ErasableReadModel[],
    private readonly readStore: ReadStore,
    private readonly bus: MessageBus,
  ) {
    super();
  }

  async clean(request: ErasureRequested['data']): Promise<Record<string, number>> {
    const { accountId, requestedAt, address } = request;
    // No address: the account was closed meanwhile (its prefix, the erasure's scope with it, destroyed).
    if (!address) return {};
    let jobsSearched = 0;
    for (const kind of this.kinds) {
      const jobs = this.readStore
        .collection<ErasableJobFiles>(kind.collection)
        .stream({ filter: { accountId }, sort: { jobId: 1 } });
      for await (const job of jobs) {
        // A job created after the request holds what the customer sent since: not the request's to erase.
        if (job.createdAt > requestedAt) continue;
        await kind.eraseAddress(job, address);
        jobsSearched++;
      }
    }
    for (const readModel of this.readModels) await readModel.forgetAddress(accountId, address);
    await this.bus.forgetMessagesHolding(address);
    await this.readStore.compact();
    // Counts of what the erasure went through, the same whichever run removed what: a run resumed after a
    // crash finds the rows erased already and records the same receipt.
    return { jobsSearched };
  }
}

import { Inject, Injectable } from '@nestjs/common';
import type { PurgeCandidate } from '@lib/jobs';
import { MessageBus, relayTopic } from '@lib/messaging';
import { DataKeyCache, DataKeyStore } from '@lib/personal-data';
import { ReadStore } from '@lib/readstore';
import type { ErasureRequested } from '../domain/erasure.events';
import { ErasureCleanup } from './erasure-cleanup';
import { ERASABLE_READ_MODELS, type ErasableReadModel } from './erasable-read-model';
import { JobErasureCleanup } from './job-erasure.cleanup';

/**
 * Relayed events other consumers still need once the account is closed: the members' leaving (users), the
 * team's and the ledger's records, the erasures themselves. None carries a list's personal data.
 */
const KEPT_TOPICS = ['accounts', 'users', 'credits', 'erasures'].map(relayTopic);

/**
 * A closed account, beside its keys (every key under its prefixes, the live account's and its test-mode
 * shadow's, destroyed first): every job of both goes the way "delete now" sends one (files, row results,
 * bus messages), the other read models forget what either taught them (the finder's known addresses), and the
 * bus forgets the account's other messages (relayed verifications and finder calls) where it can. Keys sealed after the prefixes were destroyed (a call in flight at that moment) are
 * destroyed again at the end.
 */
@Injectable()
export class AccountErasureCleanup extends ErasureCleanup {
  readonly kind = 'account' as const;

  constructor(
    private readonly jobs: JobErasureCleanup,
    @Inject(ERASABLE_READ_MODELS) private readonly readModels: ErasableReadModel[],
    private readonly readStore: ReadStore,
    private readonly bus: MessageBus,
    private readonly keys: DataKeyStore,
    private readonly cache: DataKeyCache,
  ) {
    super();
  }

  async clean(request: ErasureRequested['data']): Promise<Record<string, number>> {
    const { target, erasureId, scopes } = request;
    if (target.kind !== 'account') throw new Error(`erasure ${erasureId} is not an account's`);
    let jobsPurged = 0;
    for (const accountId of target.accountIds) {
      for (const kind of this.jobs.jobKinds) {
        const jobs = this.readStore
          .collection<PurgeCandidate>(kind.collection)
          .stream({ filter: { accountId }, sort: { jobId: 1 } });
        for await (const job of jobs) {
          await this.jobs.eraseJob(kind.kind, job.jobId, erasureId);
          jobsPurged++;
        }
      }
      await this.bus.forgetMessages(['accountId', 'data.accountId'], accountId, KEPT_TOPICS);
    }
    for (const readModel of this.readModels) await readModel.forgetAccounts(target.accountIds);
    for (const prefix of scopes) {
      await this.keys.destroyPrefix(prefix);
      this.cache.forgetPrefix(prefix);
    }
    await this.readStore.compact();
    // Counts of what the closure went through, the same whichever run removed what.
    return { jobsPurged };
  }
}

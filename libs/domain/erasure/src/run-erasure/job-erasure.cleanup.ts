import { Inject, Injectable, Logger } from '@nestjs/common';
import { BlobStore } from '@lib/blobstore';
import { Clock } from '@lib/common';
import { EventStore } from '@lib/eventstore';
import { JobFilesPurger, type PurgeableJobKind } from '@lib/jobs';
import { MessageBus } from '@lib/messaging';
import { DataKeyCache, DataKeyStore } from '@lib/personal-data';
import { ReadStore } from '@lib/readstore';
import type { ErasureRequested } from '../domain/erasure.events';
import { ErasureCleanup } from './erasure-cleanup';
import { ERASABLE_READ_MODELS, type ErasableReadModel } from './erasable-read-model';

/** The job kinds whose jobs can be erased (each kind's lib exports its PurgeableJobKind). */
export const ERASABLE_JOB_KINDS = Symbol('ERASABLE_JOB_KINDS');

/**
 * "Delete now": the job's files go the way retention sends them (JobFilesPurger: the uploaded file and the
 * chunk plan deleted, then JobFilesPurged, from which the kind's projection deletes the row results), and
 * the bus forgets the job's messages (its chunks, its relayed events) where it can, and the other read models
 * forget what the job's rows taught them (the finder's known addresses). The job's record, counts and charges
 * stay.
 */
@Injectable()
export class JobErasureCleanup extends ErasureCleanup {
  readonly kind = 'job' as const;
  private readonly purger: JobFilesPurger;

  constructor(
    @Inject(ERASABLE_JOB_KINDS) private readonly kinds: PurgeableJobKind[],
    @Inject(ERASABLE_READ_MODELS) private readonly readModels: ErasableReadModel[],
    events: EventStore,
    private readonly readStore: ReadStore,
    blobs: BlobStore,
    keys: DataKeyStore,
    cache: DataKeyCache,
    private readonly bus: MessageBus,
    private readonly clock: Clock,
  ) {
    super();
    this.purger = new JobFilesPurger(events, readStore, blobs, keys, cache, new Logger('erasure'));
  }

  async clean(request: ErasureRequested['data']): Promise<Record<string, number>> {
    const { target, erasureId } = request;
    if (target.kind !== 'job') throw new Error(`erasure ${erasureId} is not a job's`);
    await this.eraseJob(target.jobKind, target.jobId, erasureId);
    // Not in eraseJob: a closure goes through every job of the account, and forgetAccounts covers them all.
    for (const readModel of this.readModels) await readModel.forgetJob(target.jobKind, target.jobId);
    await this.readStore.compact();
    // What is gone whichever run removed it: the job's files (upload, chunk plan, row results).
    return { jobsPurged: 1 };
  }

  /** The job kinds this cleanup knows (an account's closure goes through each kind's jobs). */
  get jobKinds(): readonly PurgeableJobKind[] {
    return this.kinds;
  }

  /** One job's files, row results and bus messages, for this erasure; idempotent. */
  async eraseJob(jobKind: string, jobId: number, erasureId: string): Promise<void> {
    const kind = this.kinds.find((k) => k.kind === jobKind);
    if (!kind) throw new Error(`no erasable job kind ${jobKind}`);
    await this.purger.purgeNow(kind, jobId, {
      type: 'PurgeJobFiles',
      reason: 'request',
      erasureId,
      at: this.clock.nowIso(),
    });
    // Chunk messages carry `jobId`, the relayed events of the job's stream `data.jobId`.
    await this.bus.forgetMessages(['jobId', 'data.jobId'], jobId);
    // The kind's projection deletes the row results when it applies JobFilesPurged; until then this step
    // fails and the message comes again, so the erasure is never completed with the rows still stored.
    const rows = await this.readStore.collection(kind.resultsCollection).count({ jobId });
    if (rows > 0) throw new Error(`job ${jobId} still has ${rows} row results in the read model`);
  }
}

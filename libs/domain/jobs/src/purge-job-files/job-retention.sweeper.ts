import { Inject, Injectable, Logger, OnApplicationBootstrap, BeforeApplicationShutdown } from '@nestjs/common';
import { BlobStore } from '@lib/blobstore';
import { Clock, PeriodicSweep } from '@lib/common';
import { EventStore } from '@lib/eventstore';
import { ReadStore } from '@lib/readstore';
import { DataKeyCache, DataKeyStore } from '@lib/personal-data';
import { AccountRetention } from '@lib/retention';
import { JobFilesPurger } from './job-files-purger';
import type { PurgeableJobKind } from './purgeable-job-kind';

export const PURGEABLE_JOB_KINDS = Symbol('PURGEABLE_JOB_KINDS');

/** Retention is counted in days: an hourly sweep is punctual enough. */
const SWEEP_EVERY_MS = 60 * 60 * 1000;
/** The first sweep also runs soon after start, so a worker restarted more often than hourly still sweeps. */
const FIRST_SWEEP_AFTER_MS = 60 * 1000;

/**
 * Data retention for job files, as each account chose it (JOB_FILE_RETENTION_DAYS until it does): the
 * uploaded file, the chunk plan, the row results and the job's data key (what its events sealed) of every
 * job of the registered kinds that ended more than the retention ago are deleted; the job's record, counts
 * and charges stay. Safe with several workers: a purge is idempotent.
 */
@Injectable()
export class JobRetentionSweeper implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('job-retention');
  private readonly purger: JobFilesPurger;
  private readonly schedule: PeriodicSweep<number>;

  constructor(
    @Inject(PURGEABLE_JOB_KINDS) private readonly kinds: PurgeableJobKind[],
    events: EventStore,
    readStore: ReadStore,
    blobs: BlobStore,
    keys: DataKeyStore,
    cache: DataKeyCache,
    private readonly retention: AccountRetention,
    private readonly clock: Clock,
  ) {
    this.purger = new JobFilesPurger(events, readStore, blobs, keys, cache, this.logger);
    this.schedule = new PeriodicSweep(() => this.sweep(), {
      everyMs: SWEEP_EVERY_MS,
      firstAfterMs: FIRST_SWEEP_AFTER_MS,
      onError: (error) => this.logger.warn(`retention sweep failed: ${String(error)}`),
    });
  }

  onApplicationBootstrap(): void {
    this.schedule.start();
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.schedule.stop();
  }

  /** Purges every job that ended more than the retention ago and is not purged yet; returns how many. */
  sweepOnce(): Promise<number> {
    return this.schedule.runOnce();
  }

  private async sweep(): Promise<number> {
    const retentionOf = this.retention.perPass();
    const sweep = {
      at: this.clock.nowIso(),
      // No account keeps files for less than the operator's minimum (AccountRetention holds choices within it).
      shortestDays: this.retention.bounds.jobFiles.min,
      retentionOf: async (accountId: string) => (await retentionOf(accountId)).jobFilesDays,
    };
    let purged = 0;
    for (const kind of this.kinds) purged += await this.purger.purgeEnded(kind, sweep);
    if (purged > 0) this.logger.log(`deleted the files of ${purged} job(s) past their account's retention`);
    return purged;
  }
}

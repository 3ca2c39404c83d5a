import { Inject, Injectable, Logger, OnApplicationBootstrap, BeforeApplicationShutdown } from '@nestjs/common';
import { BlobStore } from '@lib/blobstore';
import { Clock, PeriodicSweep } from '@lib/common';
import { EventStore } from '@lib/eventstore';
import { ReadStore } from '@lib/readstore';
import type { PurgeJobFiles } from '../domain/job.commands';
import { JOBS_CONFIG, type JobsConfig } from '../jobs.config';
import { JobFilesPurger } from './job-files-purger';
import type { PurgeableJobKind } from './purgeable-job-kind';

export const PURGEABLE_JOB_KINDS = Symbol('PURGEABLE_JOB_KINDS');

/** Retention is counted in days: an hourly sweep is punctual enough. */
const SWEEP_EVERY_MS = 60 * 60 * 1000;
/** The first sweep also runs soon after start, so a worker restarted more often than hourly still sweeps. */
const FIRST_SWEEP_AFTER_MS = 60 * 1000;

/**
 * Data retention for job files (JOB_FILE_RETENTION_DAYS): the uploaded file, the chunk plan and the row
 * results of every job of the registered kinds that ended more than the retention ago are deleted; the
 * job's record, counts and charges stay. Safe with several workers: a purge is idempotent.
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
    private readonly clock: Clock,
    @Inject(JOBS_CONFIG) private readonly config: JobsConfig,
  ) {
    this.purger = new JobFilesPurger(events, readStore, blobs, this.logger);
    this.schedule = new PeriodicSweep(() => this.sweep(), {
      everyMs: SWEEP_EVERY_MS,
      firstAfterMs: FIRST_SWEEP_AFTER_MS,
      onError: (error) => this.logger.warn(`retention sweep failed: ${String(error)}`),
    });
  }

  onApplicationBootstrap(): void {
    if (this.config.fileRetentionDays > 0) this.schedule.start();
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.schedule.stop();
  }

  /** Purges every job that ended more than the retention ago and is not purged yet; returns how many. */
  sweepOnce(): Promise<number> {
    return this.schedule.runOnce();
  }

  private async sweep(): Promise<number> {
    const retentionDays = this.config.fileRetentionDays;
    if (retentionDays === 0) return 0;
    const command: PurgeJobFiles = {
      type: 'PurgeJobFiles',
      reason: 'retention',
      retentionDays,
      at: this.clock.nowIso(),
    };
    let purged = 0;
    for (const kind of this.kinds) purged += await this.purger.purgeEnded(kind, command);
    if (purged > 0)
      this.logger.log(`deleted the files of ${purged} job(s) that ended more than ${retentionDays} days ago`);
    return purged;
  }
}

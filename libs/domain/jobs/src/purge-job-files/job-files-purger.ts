import type { Logger } from '@nestjs/common';
import type { BlobStore } from '@lib/blobstore';
import { jobScope, type DataKeyCache, type DataKeyStore } from '@lib/personal-data';
import { aggregateStream, EventStore, runCommand } from '@lib/eventstore';
import type { ReadStore } from '@lib/readstore';
import { jobStream } from '../domain/job-stream';
import type { PurgeJobFiles } from '../domain/job.commands';
import { retentionCutoff } from '../domain/job-files-purge';
import type { EndedStatus } from '../domain/job.events';
import { EXPIRY_NOTICE_DAYS, filesDeleteOn } from '../domain/files-expiry-notice';
import { FilesExpiryNotifier } from '../notice-files-expiry/files-expiry-notifier';
import type { PurgeableJobKind, PurgeCandidate } from './purgeable-job-kind';

type RequestPurge = Extract<PurgeJobFiles, { reason: 'request' }>;

const ENDED: EndedStatus[] = ['Completed', 'Failed', 'Cancelled'];

/**
 * Deletes the files of ended jobs and records it on each job's stream. The per-row results in the read
 * store are not touched here: the kind's projection deletes them when it applies JobFilesPurged, so a
 * rebuild of the read models from the log ends in the same state.
 */
export class JobFilesPurger {
  private readonly notices: FilesExpiryNotifier;

  constructor(
    private readonly events: EventStore,
    private readonly readStore: ReadStore,
    private readonly blobs: BlobStore,
    private readonly keys: DataKeyStore,
    private readonly cache: DataKeyCache,
    private readonly logger: Logger,
  ) {
    this.notices = new FilesExpiryNotifier(events);
  }

  /**
   * Purges every job of the kind that ended more than its account's retention ago (`retentionOf`), and
   * notices the others whose files go within a week; returns how many it purged. Jobs are read oldest
   * first, up to the shortest retention any account may have less the longest notice.
   */
  async purgeEnded(
    kind: PurgeableJobKind,
    sweep: { at: string; shortestDays: number; retentionOf: (accountId: string) => Promise<number> },
  ): Promise<number> {
    const cutoff = retentionCutoff(Date.parse(sweep.at), Math.max(0, sweep.shortestDays - EXPIRY_NOTICE_DAYS[0]));
    const jobs = this.readStore
      .collection<PurgeCandidate>(kind.collection)
      .stream({ filter: { filesPurged: null, status: { $in: ENDED } }, sort: { finishedAt: 1 } });
    let purged = 0;
    for await (const job of jobs) {
      if (!job.finishedAt) continue;
      if (job.finishedAt > cutoff) break;
      try {
        const retentionDays = await sweep.retentionOf(job.accountId);
        const deleteOn = filesDeleteOn(job.finishedAt, retentionDays);
        if (deleteOn === null) continue;
        if (deleteOn > sweep.at) {
          await this.notices.noticeIfDue(
            { ...job, kind: kind.kind, finishedAt: job.finishedAt },
            retentionDays,
            sweep.at,
          );
          continue;
        }
        const command: PurgeJobFiles = { type: 'PurgeJobFiles', reason: 'retention', retentionDays, at: sweep.at };
        if (await this.purge(kind, job, command)) purged++;
      } catch (error) {
        // One job's failure must not hold back the others; the next sweep tries it again.
        this.logger.warn(`could not purge the files of job ${job.jobId}: ${String(error)}`);
      }
    }
    return purged;
  }

  /**
   * Purges one ended job now (an erasure's "delete now"), the same way as retention does; false when it
   * was purged already (a redelivered request is a no-op). Throws while the kind's read model does not hold
   * the job yet (the caller retries).
   */
  async purgeNow(kind: PurgeableJobKind, jobId: number, command: RequestPurge): Promise<boolean> {
    const job = await this.readStore.collection<PurgeCandidate>(kind.collection).get(String(jobId));
    if (!job) throw new Error(`job ${jobId} is not in ${kind.collection} yet`);
    return this.purge(kind, job, command);
  }

  /**
   * Blobs and the job's data key first (what the job's events sealed becomes unreadable), then the event. The event is the record that the files are gone: the job shows
   * filesPurgedAt, downloads answer 410 and the projection deletes the row results. Appended first, a
   * crash before the deletes would leave a job recorded as purged whose personal data is still stored,
   * and no sweep would look at it again (sweeps select jobs not recorded as purged). Deleted first, a
   * crash leaves a job not yet recorded as purged: the next sweep selects it again, the deletes find
   * nothing and the event is appended. A download in between finds no original and gets the same 410.
   */
  private async purge(kind: PurgeableJobKind, job: PurgeCandidate, command: PurgeJobFiles): Promise<boolean> {
    // The read model only proposes; nothing is deleted unless the job's own stream agrees.
    if (!(await this.wouldPurge(kind, job.jobId, command))) return false;
    await this.blobs.delete(job.file.blobKey);
    await this.blobs.delete(job.file.planKey);
    const scope = jobScope(job.accountId, job.jobId);
    await this.keys.destroy([scope]);
    this.cache.forget([scope]);
    const run = await runCommand(this.events, jobStream(job.jobId), kind.decider, command, { load: 'last' });
    return run.events.length > 0;
  }

  private async wouldPurge(kind: PurgeableJobKind, jobId: number, command: PurgeJobFiles): Promise<boolean> {
    const { state } = await aggregateStream(this.events, jobStream(jobId), kind.decider, { latest: 1 });
    return kind.decider.decide(command, state).length > 0;
  }
}

import { EventStore, runCommand } from '@lib/eventstore';
import { filesExpiryDecider, filesExpiryNoticeStream, type NoticeFilesExpiry } from '../domain/files-expiry-notice';
import type { JobKind } from '../domain/job.events';

/**
 * Records the 7-day and 1-day notices before a job's files go (JobFilesExpiring on `jobnotices-<jobId>`).
 * The relay publishes them on events.jobnotices, where the webhook consumer turns each into one
 * `job.files_expiring` delivery per subscribed webhook; the record is what makes each notice go once,
 * whichever worker sweeps and however often.
 */
export class FilesExpiryNotifier {
  constructor(private readonly events: EventStore) {}

  /** Records the notice due for this ended job at `at`, if any; answers whether it recorded one. */
  async noticeIfDue(
    job: { jobId: number; accountId: string; kind: JobKind; finishedAt: string },
    retentionDays: number,
    at: string,
  ): Promise<boolean> {
    const command: NoticeFilesExpiry = { type: 'NoticeFilesExpiry', ...job, retentionDays, at };
    const run = await runCommand(this.events, filesExpiryNoticeStream(job.jobId), filesExpiryDecider, command);
    return run.events.length > 0;
  }
}

import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { LedgerModule } from '@lib/ledger';
import { CancelJobService } from './cancel-job/cancel-job.service';
import { ResumeJobService } from './resume-job/resume-job.service';
import { JobCreation } from './create-job/job-creation';
import { JobRecordedHandler } from './query-jobs/job-recorded.handler';
import { JobsConfigModule } from './jobs.config';

/**
 * The create, cancel and resume steps every job kind shares; each kind plugs in its own part (JobCreationKind,
 * CancellableJobKind, ResumableJobKind). JobRecordedQuery answers whether a job stream exists, for the uploads of every kind.
 */
@Module({
  imports: [CqrsModule, LedgerModule, JobsConfigModule],
  providers: [JobCreation, CancelJobService, ResumeJobService, JobRecordedHandler],
  exports: [JobCreation, CancelJobService, ResumeJobService],
})
export class JobLifecycleModule {}

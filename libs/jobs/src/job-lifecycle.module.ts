import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { CancelJobService } from './cancel-job/cancel-job.service';
import { JobCreation } from './create-job/job-creation';
import { JobRecordedHandler } from './query-jobs/job-recorded.handler';
import { JobsConfigModule } from './jobs.config';

/**
 * The create and cancel steps every job kind shares; each kind plugs in its own part (JobCreationKind,
 * CancellableJobKind). JobRecordedQuery answers whether a job stream exists, for the uploads of every kind.
 */
@Module({
  imports: [CqrsModule, JobsConfigModule],
  providers: [JobCreation, CancelJobService, JobRecordedHandler],
  exports: [JobCreation, CancelJobService],
})
export class JobLifecycleModule {}

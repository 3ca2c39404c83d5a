import { Module } from '@nestjs/common';
import { CancelJobService } from './cancel-job/cancel-job.service';
import { JobCreation } from './create-job/job-creation';

/** The create and cancel steps every job kind shares; each kind plugs in its own part (JobCreationKind, CancellableJobKind). */
@Module({
  providers: [JobCreation, CancelJobService],
  exports: [JobCreation, CancelJobService],
})
export class JobLifecycleModule {}

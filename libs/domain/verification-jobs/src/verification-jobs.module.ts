import { Module, OnModuleInit } from '@nestjs/common';
import { ProjectionRegistry } from '@lib/platform';
import { ReadStore } from '@lib/readstore';
import { VerificationJobCreation } from './create-job/verification-job-creation';
import { VerificationJobDownloads } from './download-job/verification-job-download.service';
import {
  VERIFICATION_JOB_RESULTS_COLLECTION,
  VERIFICATION_JOBS_COLLECTION,
} from './query-jobs/verification-job.documents';
import { verificationJobsProjection } from './query-jobs/jobs.projection';
import { VerificationJobQueries } from './query-jobs/verification-job.queries';
import { JobLifecycleModule, JobProgressModule, JobsConfigModule } from '@lib/jobs';

/** Bulk jobs for the API and the projector: create, cancel, read, download; registers the job read models. */
@Module({
  imports: [JobProgressModule, JobLifecycleModule, JobsConfigModule],
  providers: [VerificationJobCreation, VerificationJobQueries, VerificationJobDownloads],
  exports: [VerificationJobCreation, JobLifecycleModule, VerificationJobQueries, VerificationJobDownloads],
})
export class VerificationJobsModule implements OnModuleInit {
  constructor(
    private readonly projections: ProjectionRegistry,
    private readonly readStore: ReadStore,
  ) {}

  async onModuleInit(): Promise<void> {
    this.projections.register(verificationJobsProjection);
    await this.readStore.collection(VERIFICATION_JOBS_COLLECTION).ensureIndex({ accountId: 1, kind: 1, createdAt: -1 });
    await this.readStore.collection(VERIFICATION_JOBS_COLLECTION).ensureIndex({ filesPurged: 1, finishedAt: 1 }); // the retention sweep
    await this.readStore.collection(VERIFICATION_JOBS_COLLECTION).ensureIndex({ accountId: 1, 'file.fingerprint': 1 }); // duplicate uploads
    await this.readStore.collection(VERIFICATION_JOB_RESULTS_COLLECTION).ensureIndex({ jobId: 1 });
  }
}

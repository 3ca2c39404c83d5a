import { Module } from '@nestjs/common';
import { ErasureModule } from '@lib/erasure';
import { ApiConfigModule } from '../api.config';
import { JobRoutesWiring } from '../job-routes/job-kind-controller';
import { UploadIdempotencyModule } from '../idempotency/upload-idempotency.module';
import { FinderJobsModule, FinderModule } from '@lib/finder';
import { VerificationEngineModule } from '@lib/verification-engine';
import { FinderJobsController } from './finder-jobs/finder-jobs.controller';
import { FindBatchController } from './find-batch/find-batch.controller';
import { FinderController } from './find-one/find-one.controller';

/** HTTP side of the finder: single, batch and file jobs, on the process's one VerificationEngine. */
@Module({
  imports: [
    ApiConfigModule,
    VerificationEngineModule,
    FinderModule,
    FinderJobsModule,
    UploadIdempotencyModule,
    ErasureModule,
  ],
  providers: [JobRoutesWiring],
  controllers: [FinderController, FindBatchController, FinderJobsController],
})
export class FinderApiModule {}

import { Module } from '@nestjs/common';
import { JobRoutesWiring } from '../jobs/job-kind-controller';
import { UploadIdempotencyModule } from '../idempotency/upload-idempotency.module';
import { FinderJobsModule, FinderModule } from '@lib/finder';
import { VerificationEngineModule } from '@lib/verify';
import { FinderJobsController } from './finder-jobs.controller';
import { FinderController } from './finder.controller';

/** HTTP side of the finder: single, batch and file jobs, on the process's one VerificationEngine. */
@Module({
  imports: [VerificationEngineModule, FinderModule, FinderJobsModule, UploadIdempotencyModule],
  providers: [JobRoutesWiring],
  controllers: [FinderController, FinderJobsController],
})
export class FinderApiModule {}

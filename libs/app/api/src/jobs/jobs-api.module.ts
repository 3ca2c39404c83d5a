import { Module } from '@nestjs/common';
import { ErasureModule } from '@lib/erasure';
import { ApiConfigModule } from '../api.config';
import { JobRoutesWiring } from '../job-routes/job-kind-controller';
import { UploadIdempotencyModule } from '../idempotency/upload-idempotency.module';
import { VerificationJobsModule } from '@lib/verification-jobs';
import { JobsController } from './verification-jobs/verification-jobs.controller';

/** HTTP surface of bulk verification jobs. */
@Module({
  imports: [ApiConfigModule, VerificationJobsModule, UploadIdempotencyModule, ErasureModule],
  providers: [JobRoutesWiring],
  controllers: [JobsController],
})
export class JobsApiModule {}

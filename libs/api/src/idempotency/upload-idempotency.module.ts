import { Module } from '@nestjs/common';
import { IdempotencyModule } from '@lib/idempotency';
import { UploadIdempotency } from './upload-idempotency';

/** The gate as the two upload endpoints use it (job and finder-job uploads): the header read before the file. */
@Module({
  imports: [IdempotencyModule],
  providers: [UploadIdempotency],
  exports: [IdempotencyModule, UploadIdempotency],
})
export class UploadIdempotencyModule {}

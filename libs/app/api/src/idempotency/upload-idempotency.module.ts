import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { IdempotencyModule } from '@lib/idempotency';
import { UploadIdempotency } from './upload-idempotency';

/** The gate as the two upload endpoints use it (job and finder-job uploads): the header read before the file. */
@Module({
  imports: [CqrsModule, IdempotencyModule],
  providers: [UploadIdempotency],
  exports: [IdempotencyModule, UploadIdempotency],
})
export class UploadIdempotencyModule {}

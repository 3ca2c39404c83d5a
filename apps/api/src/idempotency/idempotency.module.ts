import { Module } from '@nestjs/common';
import { IdempotencyGate } from './idempotency-gate';
import { UploadIdempotency } from './upload-idempotency';

/** Idempotency-Key for every paid or creating POST that honours it: verify single/batch, job and finder-job uploads. */
@Module({
  providers: [IdempotencyGate, UploadIdempotency],
  exports: [IdempotencyGate, UploadIdempotency],
})
export class IdempotencyModule {}

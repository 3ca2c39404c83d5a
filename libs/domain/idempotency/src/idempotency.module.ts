import { Module } from '@nestjs/common';
import { IdempotencyGate } from './idempotency-gate';
import { idempotencyConfigProvider } from './idempotency.config';

/** Idempotency-Key for every paid or creating POST that honours it: verify single/batch, finder single/batch, job and finder-job uploads. */
@Module({
  providers: [idempotencyConfigProvider, IdempotencyGate],
  exports: [IdempotencyGate],
})
export class IdempotencyModule {}

import { Module } from '@nestjs/common';
import { provideConfigSlice } from '@lib/platform';
import type { RetentionBounds } from './domain/retention-bounds';

/** DI token of the operator's retention bounds (HISTORY_RETENTION_DAYS*, JOB_FILE_RETENTION_DAYS*). */
export const RETENTION_BOUNDS = Symbol('RETENTION_BOUNDS');

@Module({
  providers: [provideConfigSlice(RETENTION_BOUNDS, (config): RetentionBounds => config.retention)],
  exports: [RETENTION_BOUNDS],
})
export class RetentionConfigModule {}

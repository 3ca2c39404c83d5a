import { Module } from '@nestjs/common';
import { provideConfigSlice } from '@lib/platform';
import type { RetentionConfig } from '@lib/config';

/** DI token of the operator's retention bounds (HISTORY_RETENTION_DAYS*, JOB_FILE_RETENTION_DAYS*). */
export const RETENTION_BOUNDS = Symbol('RETENTION_BOUNDS');

@Module({
  providers: [provideConfigSlice(RETENTION_BOUNDS, (config): RetentionConfig => config.retention)],
  exports: [RETENTION_BOUNDS],
})
export class RetentionConfigModule {}

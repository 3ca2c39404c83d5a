import { Module } from '@nestjs/common';
import { IdempotencyModule } from '../idempotency/idempotency.module';
import { JobsModule } from '@lib/jobs';
import { JobsController } from './jobs.controller';

/** HTTP surface of bulk verification jobs. */
@Module({
  imports: [JobsModule, IdempotencyModule],
  controllers: [JobsController],
})
export class JobsApiModule {}

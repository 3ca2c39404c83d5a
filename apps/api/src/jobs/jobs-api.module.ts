import { Module } from '@nestjs/common';
import { JobsModule } from '@lib/jobs';
import { JobsController } from './jobs.controller';

/** HTTP surface of bulk verification jobs. */
@Module({
  imports: [JobsModule],
  controllers: [JobsController],
})
export class JobsApiModule {}

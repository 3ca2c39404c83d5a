import { Module } from '@nestjs/common';
import { CreditsModule } from '@lib/credits';

/** The worker role: Kafka consumers for probing, finder jobs and webhook delivery. */
@Module({
  imports: [CreditsModule],
})
export class WorkerModule {}

import { Module } from '@nestjs/common';
import { CreditHoldSweeperModule, CreditsModule } from '@lib/credits';
import { WebhookDeliveryModule } from '@lib/webhooks';
import { JobsWorkerModule } from '@lib/jobs';
import { FinderJobsWorkerModule } from '@lib/finder';
import { VerificationEngineModule } from '../../api/src/verify/verification-engine.module';

/** The worker role: Kafka consumers for probing, finder jobs and webhook delivery. */
@Module({
  imports: [VerificationEngineModule, CreditsModule, CreditHoldSweeperModule, WebhookDeliveryModule, JobsWorkerModule, FinderJobsWorkerModule],
})
export class WorkerModule {}

import { Module } from '@nestjs/common';
import { CreditHoldSweeperModule, CreditsModule } from '@lib/credits';
import { WebhookDeliveryModule } from '@lib/webhooks';
import { JobsWorkerModule } from '@lib/jobs';
import { FinderJobsWorkerModule } from '@lib/finder';
import { VerificationEngineModule } from '../../api/src/verify/verification-engine.module';
import { VerificationRecordsModule } from '../../api/src/verify/verification-records.module';

/** The worker role: Kafka consumers for probing, finder jobs and webhook delivery; the hold sweeper (which settles recorded verifications). */
@Module({
  imports: [VerificationEngineModule, VerificationRecordsModule, CreditsModule, CreditHoldSweeperModule, WebhookDeliveryModule, JobsWorkerModule, FinderJobsWorkerModule],
})
export class WorkerModule {}

import { Module } from '@nestjs/common';
import { CreditHoldSweeperModule, LedgerModule } from '@lib/ledger';
import { OrderRecoveryModule } from '@lib/billing';
import { WebhookDeliveryModule } from '@lib/webhooks';
import { JobRetentionModule } from '@lib/jobs';
import {
  VERIFICATION_JOB_FILES,
  VerificationJobsWorkerModule,
  verificationAddressErasure,
} from '@lib/verification-jobs';
import { FINDER_JOB_FILES, FinderJobsWorkerModule, knownAddressesErasure } from '@lib/finder';
import { UsageAnalyticsModule } from '@lib/usage';
import { HistoryRetentionModule } from '@lib/retention';
import { VerificationRecordsModule } from '@lib/paid-verification';
import { VerificationEngineModule } from '@lib/verification-engine';
import { AutoTopupModule } from './auto-topup/auto-topup.module';
import { SignUpAccountsConsumerModule } from './sign-up/sign-up-accounts-consumer.module';
import { ErasureWorkerModule } from '@lib/erasure';
import { TeamRemovalModule } from '@lib/teams';

/**
 * The worker role: Kafka consumers for probing, finder jobs, webhook delivery, automatic top-ups, usage
 * analytics, confirmed sign-ups' accounts and the completion of team removals; the hold sweeper (which settles recorded verifications); the
 * retention sweeps of call history (shredded by day) and of both job kinds' files; the erasures customers ask for.
 */
@Module({
  imports: [
    VerificationEngineModule,
    VerificationRecordsModule,
    LedgerModule,
    CreditHoldSweeperModule,
    OrderRecoveryModule,
    WebhookDeliveryModule,
    VerificationJobsWorkerModule,
    FinderJobsWorkerModule,
    AutoTopupModule,
    UsageAnalyticsModule,
    SignUpAccountsConsumerModule,
    TeamRemovalModule,
    HistoryRetentionModule,
    JobRetentionModule.forKinds([VERIFICATION_JOB_FILES, FINDER_JOB_FILES]),
    ErasureWorkerModule.forJobKinds(
      [VERIFICATION_JOB_FILES, FINDER_JOB_FILES],
      [verificationAddressErasure],
      [knownAddressesErasure],
    ),
  ],
})
export class WorkerModule {}

import { Module } from '@nestjs/common';
import { AccountsModule } from '@lib/accounts';
import { BillingModule } from '@lib/billing';
import { LedgerModule } from '@lib/ledger';
import { IdentityModule } from '@lib/identity';
import { FinderReadModelModule } from '@lib/finder';
import { VerificationJobsModule } from '@lib/verification-jobs';
import { WebhooksReadModelModule } from '@lib/webhooks';
import { TeamMembersModule } from '@lib/teams';
import { ProjectorService } from './projector.service';

/** Imports every domain module so their projections are registered, then runs them. */
@Module({
  imports: [
    AccountsModule,
    TeamMembersModule,
    LedgerModule,
    BillingModule,
    IdentityModule,
    FinderReadModelModule,
    WebhooksReadModelModule,
    VerificationJobsModule,
  ],
  providers: [ProjectorService],
})
export class ProjectorModule {}

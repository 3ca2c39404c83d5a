import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { IdentityModule, SignUpAccountModule } from '@lib/identity';
import { AccountProvisioning } from '../admin/account-provisioning';
import { DashboardAccountController } from './dashboard-account.controller';
import { DashboardAuthController } from './dashboard-auth.controller';
import { DashboardKeysController } from './dashboard-keys.controller';
import { DashboardKeysService } from './dashboard-keys.service';
import { DashboardTeamController } from './dashboard-team.controller';
import { DashboardBillingController } from './dashboard-billing.controller';
import { DashboardPaymentMethodController } from './dashboard-payment-method.controller';
import { CreditsModule } from '@lib/credits';
import { DashboardTeamService } from './dashboard-team.service';
import { DashboardUsageService } from './dashboard-usage.service';
import { AccountsModule } from '@lib/accounts';
import { DashboardSessionGuard } from './dashboard-session.guard';
import { IdempotencyModule } from '@lib/idempotency';

/** /dashboard/v1: the customer dashboard's back end, authenticated by session cookies. */
@Module({
  imports: [CqrsModule, IdentityModule, SignUpAccountModule, AccountsModule, CreditsModule, IdempotencyModule],
  controllers: [
    DashboardAuthController,
    DashboardAccountController,
    DashboardKeysController,
    DashboardTeamController,
    DashboardBillingController,
    DashboardPaymentMethodController,
  ],
  providers: [
    DashboardSessionGuard,
    AccountProvisioning,
    DashboardKeysService,
    DashboardTeamService,
    DashboardUsageService,
  ],
})
export class DashboardApiModule {}

import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { IdentityModule } from '@lib/identity';
import { AccountProvisioning } from '../admin/account-provisioning';
import { DashboardAccountController } from './dashboard-account.controller';
import { DashboardAuthController } from './dashboard-auth.controller';
import { DashboardSessionGuard } from './dashboard-session.guard';

/** /dashboard/v1: the customer dashboard's back end, authenticated by session cookies. */
@Module({
  imports: [CqrsModule, IdentityModule],
  controllers: [DashboardAuthController, DashboardAccountController],
  providers: [DashboardSessionGuard, AccountProvisioning],
})
export class DashboardApiModule {}

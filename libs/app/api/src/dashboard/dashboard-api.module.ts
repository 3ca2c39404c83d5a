import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AccountsModule } from '@lib/accounts';
import { BillingModule } from '@lib/billing';
import { LedgerModule } from '@lib/ledger';
import { IdempotencyModule } from '@lib/idempotency';
import { IdentityModule } from '@lib/identity';
import { AccountOpeningModule, TeamsModule } from '@lib/teams';
import { RetentionModule } from '@lib/retention';
import { ApiConfigModule } from '../api.config';
import { RateLimitModule } from '../auth/rate-limit.module';
import { AccountProvisioning } from '../provisioning/account-provisioning';
import { AutoTopupController } from './auto-topup/auto-topup.controller';
import { ChangeEmailController } from './change-email/change-email.controller';
import { ConfirmEmailChangeController } from './change-email/confirm-email-change.controller';
import { ChangePasswordController } from './change-password/change-password.controller';
import { CheckoutController } from './checkout/checkout.controller';
import { CreateKeyController } from './create-key/create-key.controller';
import { CsrfTokenController } from './csrf-token/csrf-token.controller';
import { CurrentUserController } from './current-user/current-user.controller';
import { InviteMemberController } from './invite-member/invite-member.controller';
import { ListKeysController } from './list-keys/list-keys.controller';
import { TeamKeyList } from './list-keys/team-key-list';
import { DashboardListOrdersController } from './list-orders/list-orders.controller';
import { ManageSessionsController } from './manage-sessions/manage-sessions.controller';
import { DashboardPaymentMethodController } from './payment-method/payment-method.controller';
import { RemoveMemberController } from './remove-member/remove-member.controller';
import { ResetPasswordController } from './reset-password/reset-password.controller';
import { RevokeKeyController } from './revoke-key/revoke-key.controller';
import { RotateKeyController } from './rotate-key/rotate-key.controller';
import { DashboardSessionGuard } from './session/dashboard-session.guard';
import { TeamKeys } from './shared/team-keys';
import { ShowTeamController } from './show-team/show-team.controller';
import { SignInController } from './sign-in/sign-in.controller';
import { SignOutController } from './sign-out/sign-out.controller';
import { SignUpController } from './sign-up/sign-up.controller';
import { TeamUsageController } from './team-usage/team-usage.controller';
import { UploadLimitsController } from './upload-limits/upload-limits.controller';
import { RestrictKeyController } from './restrict-key/restrict-key.controller';
import { RetentionController } from './retention/retention.controller';
import { ErasuresApiModule } from '../erasures/erasures-api.module';
import { AccountClosing } from './close-account/account-closing';
import { CloseAccountController } from './close-account/close-account.controller';
import { DashboardEraseAddressController } from './erase-address/erase-address.controller';

/**
 * /dashboard/v1: the customer dashboard's back end, authenticated by session cookies. One controller
 * per use case; they are listed in the order /docs shows their routes.
 */
@Module({
  imports: [
    CqrsModule,
    ApiConfigModule,
    RateLimitModule,
    IdentityModule,
    AccountOpeningModule,
    AccountsModule,
    LedgerModule,
    BillingModule,
    IdempotencyModule,
    TeamsModule,
    RetentionModule,
    ErasuresApiModule,
  ],
  controllers: [
    CsrfTokenController,
    SignUpController,
    SignInController,
    ResetPasswordController,
    ConfirmEmailChangeController,
    CurrentUserController,
    SignOutController,
    ChangePasswordController,
    ChangeEmailController,
    ManageSessionsController,
    ListKeysController,
    CreateKeyController,
    RevokeKeyController,
    RotateKeyController,
    RestrictKeyController,
    TeamUsageController,
    UploadLimitsController,
    ShowTeamController,
    InviteMemberController,
    RemoveMemberController,
    RetentionController,
    DashboardEraseAddressController,
    CloseAccountController,
    AutoTopupController,
    CheckoutController,
    DashboardListOrdersController,
    DashboardPaymentMethodController,
  ],
  providers: [DashboardSessionGuard, AccountProvisioning, TeamKeyList, TeamKeys, AccountClosing],
})
export class DashboardApiModule {}

import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { AccountsModule } from '@lib/accounts';
import { BillingModule } from '@lib/billing';
import { CatalogueModule } from '@lib/catalogue';
import { LedgerModule } from '@lib/ledger';
import { IdentityModule } from '@lib/identity';
import { IdempotencyModule } from '@lib/idempotency';
import { AccountOpeningModule } from '@lib/teams';
import { MultipartRoutesGuard, WebApp } from '@lib/http-host';
import { ApiConfigModule } from './api.config';
import { AccountProvisioning } from './provisioning/account-provisioning';
import { ADMIN_CONTROLLERS } from './admin/admin-controllers';
import { StripeWebhookController } from './payments/stripe-webhook/stripe-webhook.controller';
import { CREDITS_CONTROLLERS } from './credits/credits-controllers';
import { VerifyModule } from './verify/verify.module';
import { ApiKeyGuard } from './auth/api-key.guard';
import { RateLimitModule } from './auth/rate-limit.module';
import { FinderApiModule } from './finder/finder-api.module';
import { JobsApiModule } from './jobs/jobs-api.module';
import { ErasuresApiModule } from './erasures/erasures-api.module';
import { WebhooksApiModule } from './webhooks/webhooks-api.module';
import { DashboardApiModule } from './dashboard/dashboard-api.module';

/**
 * The api role: the use cases' controllers, API-key and admin auth, rate limits, the web app. The host's
 * OpsModule (envelope, error filter, health, metrics), which every process runs, is composed beside it by
 * RootModule. Domain modules bring their own command handlers.
 */
@Module({
  imports: [
    CqrsModule,
    ApiConfigModule,
    RateLimitModule,
    AccountsModule,
    LedgerModule,
    BillingModule,
    CatalogueModule,
    IdentityModule,
    AccountOpeningModule,
    IdempotencyModule, // the admin order route's Idempotency-Key
    FinderApiModule,
    WebhooksApiModule,
    VerifyModule,
    JobsApiModule,
    ErasuresApiModule,
    DashboardApiModule,
  ],
  controllers: [...ADMIN_CONTROLLERS, StripeWebhookController, ...CREDITS_CONTROLLERS],
  providers: [
    AccountProvisioning,
    WebApp,
    { provide: APP_GUARD, useClass: ApiKeyGuard },
    { provide: APP_GUARD, useClass: MultipartRoutesGuard },
  ],
  exports: [AccountProvisioning],
})
export class ApiModule {}

import { Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { AccountsModule } from '@lib/accounts';
import { CreditsModule } from '@lib/credits';
import { AccountProvisioning } from './admin/account-provisioning';
import { AdminAccountsController } from './admin/admin-accounts.controller';
import { ApiKeyGuard } from './auth/api-key.guard';
import { HealthController } from './health/health.controller';
import { AllExceptionsFilter } from './http/all-exceptions.filter';
import { EnvelopeInterceptor } from './http/envelope.interceptor';

/** The HTTP role: controllers, auth, the envelope. Domain modules bring their own command handlers. */
@Module({
  imports: [CqrsModule, AccountsModule, CreditsModule],
  controllers: [HealthController, AdminAccountsController],
  providers: [
    AccountProvisioning,
    { provide: APP_GUARD, useClass: ApiKeyGuard },
    { provide: APP_INTERCEPTOR, useClass: EnvelopeInterceptor },
    { provide: APP_FILTER, useClass: AllExceptionsFilter },
  ],
  exports: [AccountProvisioning],
})
export class ApiModule {}

import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AccountsModule } from '@lib/accounts';
import { CreditsModule } from '@lib/credits';
import { IdentityConfigModule } from '../identity.config';
import { UserStreams } from '../shared/user-streams';
import { SignUpAccounts } from './sign-up-accounts';

/** SignUpAccounts for the API (the confirmation request) and the worker (the EmailConfirmed consumer). */
@Module({
  imports: [CqrsModule, IdentityConfigModule, AccountsModule, CreditsModule],
  providers: [UserStreams, SignUpAccounts],
  exports: [SignUpAccounts],
})
export class SignUpAccountModule {}

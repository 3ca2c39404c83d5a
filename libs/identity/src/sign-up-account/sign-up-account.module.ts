import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AccountsModule } from '@lib/accounts';
import { CreditsModule } from '@lib/credits';
import { identityConfigProvider } from '../identity.config';
import { UserStreams } from '../shared/user-streams';
import { SignUpAccounts } from './sign-up-accounts';

/** SignUpAccounts for the API (the confirmation request) and the worker (the EmailConfirmed consumer). */
@Module({
  imports: [CqrsModule, AccountsModule, CreditsModule],
  providers: [identityConfigProvider, UserStreams, SignUpAccounts],
  exports: [SignUpAccounts],
})
export class SignUpAccountModule {}

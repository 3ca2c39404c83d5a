import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AccountsModule } from '@lib/accounts';
import { LedgerModule } from '@lib/ledger';
import { UserDirectoryModule } from '@lib/identity';
import { TeamsConfigModule } from './teams.config';
import { AccountOpening } from './open-account/account-opening';

/**
 * AccountOpening for every entry that opens an account: the API (a confirmed sign-up, the admin route, the
 * demo account), the worker (the EmailConfirmed consumer) and the CLI.
 */
@Module({
  imports: [CqrsModule, TeamsConfigModule, AccountsModule, LedgerModule, UserDirectoryModule],
  providers: [AccountOpening],
  exports: [AccountOpening],
})
export class AccountOpeningModule {}

import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AccountsModule } from '@lib/accounts';
import { CreditsModule } from '@lib/credits';
import { UserDirectoryModule } from '@lib/identity';
import { MailModule } from '@lib/mail';
import { AutoTopupConsumer } from './auto-topup.consumer';

/** The worker's automatic top-up consumer. */
@Module({
  imports: [CqrsModule, AccountsModule, CreditsModule, UserDirectoryModule, MailModule],
  providers: [AutoTopupConsumer],
})
export class AutoTopupModule {}

import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { BillingModule } from '@lib/billing';
import { UserDirectoryModule } from '@lib/identity';
import { MailModule } from '@lib/mail';
import { TeamMembersModule } from '@lib/teams';
import { AutoTopupConsumer } from './auto-topup.consumer';

/** The worker's automatic top-up consumer. */
@Module({
  imports: [CqrsModule, BillingModule, TeamMembersModule, UserDirectoryModule, MailModule],
  providers: [AutoTopupConsumer],
})
export class AutoTopupModule {}

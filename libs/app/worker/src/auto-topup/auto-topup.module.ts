import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { CreditsModule } from '@lib/credits';
import { UserDirectoryModule } from '@lib/identity';
import { MailModule } from '@lib/mail';
import { TeamMembersModule } from '@lib/teams';
import { AutoTopupConsumer } from './auto-topup.consumer';

/** The worker's automatic top-up consumer. */
@Module({
  imports: [CqrsModule, CreditsModule, TeamMembersModule, UserDirectoryModule, MailModule],
  providers: [AutoTopupConsumer],
})
export class AutoTopupModule {}

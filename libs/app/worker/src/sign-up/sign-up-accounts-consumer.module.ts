import { Module } from '@nestjs/common';
import { AccountOpeningModule } from '@lib/teams';
import { SignUpAccountsConsumer } from './sign-up-accounts.consumer';

/** The worker's consumer that opens confirmed sign-ups' accounts with their trial credits. */
@Module({ imports: [AccountOpeningModule], providers: [SignUpAccountsConsumer] })
export class SignUpAccountsConsumerModule {}

import { Module } from '@nestjs/common';
import { SignUpAccountModule } from '@lib/identity';
import { SignUpAccountsConsumer } from './sign-up-accounts.consumer';

/** The worker's consumer that opens confirmed sign-ups' accounts with their trial credits. */
@Module({ imports: [SignUpAccountModule], providers: [SignUpAccountsConsumer] })
export class SignUpAccountsConsumerModule {}

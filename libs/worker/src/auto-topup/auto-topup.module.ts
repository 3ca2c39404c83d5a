import { Module } from '@nestjs/common';
import { CreditsModule } from '@lib/credits';
import { MailModule } from '@lib/mail';
import { AutoTopupConsumer } from './auto-topup.consumer';

/** The worker's automatic top-up consumer. */
@Module({ imports: [CreditsModule, MailModule], providers: [AutoTopupConsumer] })
export class AutoTopupModule {}

import * as path from 'node:path';
import { Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '@lib/config';
import { provideAdapter } from '@lib/platform';
import { Mailer } from './mailer.port';
import { OutboxMailer } from './embedded/outbox-mailer';
import { SmtpRelayMailer } from './smtp-relay/smtp-relay-mailer';

/** Chooses the mail adapter once from configuration: the SMTP relay when SMTP_RELAY_URL is set, else the outbox. */
export function createMailer(config: Pick<AppConfig, 'mail' | 'dataDir'>): Mailer {
  return config.mail.smtpRelayUrl
    ? new SmtpRelayMailer(config.mail.smtpRelayUrl, config.mail.from)
    : new OutboxMailer(path.join(config.dataDir, 'outbox'), config.mail.from);
}

@Global()
@Module({
  providers: [provideAdapter(Mailer, createMailer)],
  exports: [Mailer],
})
export class MailModule implements OnApplicationShutdown {
  constructor(@Inject(Mailer) private readonly mailer: Mailer) {}

  async onApplicationShutdown(): Promise<void> {
    await this.mailer.close();
  }
}

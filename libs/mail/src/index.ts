export * from './mailer.port';
export * from './mail.module';
export { OutboxMailer } from './outbox-mailer';
export { SmtpRelayMailer } from './smtp-relay-mailer';

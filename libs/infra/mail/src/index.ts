// The public surface of mail: the port and the module that binds its adapter.
export { Mailer, type OutgoingMail } from './mailer.port';
export { MailModule } from './mail.module';

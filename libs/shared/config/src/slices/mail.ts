import type { EnvReader } from '../env-parsers';

/**
 * Outgoing mail (confirmation, reset and invitation links). smtpRelayUrl null: the embedded outbox
 * writes each message as an .eml file under DATA_DIR/outbox/ instead of sending it.
 */
export interface MailConfig {
  smtpRelayUrl: string | null;
  from: string;
}

export function readMail(r: EnvReader): MailConfig {
  return {
    smtpRelayUrl: r.url('SMTP_RELAY_URL', ['smtp:', 'smtps:']),
    from: r.string('MAIL_FROM', 'Mailcheck <no-reply@mailcheck.localhost>'),
  };
}

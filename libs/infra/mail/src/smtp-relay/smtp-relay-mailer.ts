import { createTransport, Transporter } from 'nodemailer';
import { Mailer, OutgoingMail } from '../mailer.port';

/** Hands every message to the relay named by SMTP_RELAY_URL (smtp:// with STARTTLS when offered, or smtps://). */
export class SmtpRelayMailer extends Mailer {
  private readonly transport: Transporter;

  constructor(
    relayUrl: string,
    private readonly from: string,
  ) {
    super();
    this.transport = createTransport(relayUrl);
  }

  async send(mail: OutgoingMail): Promise<void> {
    await this.transport.sendMail({
      from: this.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      ...(mail.messageId ? { messageId: `<${mail.messageId}>` } : {}),
    });
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}

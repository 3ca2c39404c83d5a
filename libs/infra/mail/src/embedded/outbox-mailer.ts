import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { Logger } from '@nestjs/common';
import { createTransport, Transporter } from 'nodemailer';
import { Mailer, OutgoingMail } from '../mailer.port';

/**
 * The embedded adapter: builds the same RFC 5322 message nodemailer would send and writes it to
 * DATA_DIR/outbox/ as an .eml file (opened by any mail client), so `npm start` needs no mail server.
 * Written to a temporary name and renamed, so a reader never sees half a message. A message with a
 * messageId is stored once: a repeat finds the file named by it and writes nothing.
 */
export class OutboxMailer extends Mailer {
  private readonly logger = new Logger('outbox');
  private readonly builder: Transporter;
  private sequence = 0;

  constructor(
    private readonly dir: string,
    private readonly from: string,
  ) {
    super();
    this.builder = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  }

  async send(mail: OutgoingMail): Promise<void> {
    const built = await this.builder.sendMail({
      from: this.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      ...(mail.messageId ? { messageId: `<${mail.messageId}>` } : {}),
    });
    await fs.mkdir(this.dir, { recursive: true });
    const suffix = mail.messageId ? `id-${mail.messageId.replace(/[^A-Za-z0-9._-]/g, '_')}.eml` : null;
    if (suffix && (await fs.readdir(this.dir)).some((file) => file.endsWith(`-${suffix}`))) return; // sent before
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}-${++this.sequence}${suffix ? `-${suffix}` : '.eml'}`;
    const temporary = path.join(this.dir, `.${name}.tmp`);
    await fs.writeFile(temporary, built.message as Buffer);
    await fs.rename(temporary, path.join(this.dir, name));
    // The subject may name someone (an invitation names the inviter): the file name only.
    this.logger.log(`wrote ${name}`);
  }

  async close(): Promise<void> {}
}

import { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { SmtpRelayMailer } from './smtp-relay-mailer';

/** The relay adapter against a real SMTP server on loopback that requires authentication. */
describe('SMTP relay mailer', () => {
  let server: SMTPServer;
  let port: number;
  const received: Array<{ from: string; to: string[]; raw: string; user: string | undefined }> = [];

  beforeAll(async () => {
    server = new SMTPServer({
      secure: false,
      disabledCommands: ['STARTTLS'],
      authOptional: false,
      logger: false,
      onAuth(auth, _session, callback) {
        if (auth.username === 'relay' && auth.password === 'secret') return callback(null, { user: 'relay' });
        return callback(new Error('535 5.7.8 Authentication credentials invalid'));
      },
      onRcptTo(address, _session, callback) {
        if (address.address.endsWith('@refused.example')) return callback(new Error('550 5.1.1 No such user'));
        callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            from: String(session.envelope.mailFrom && session.envelope.mailFrom.address),
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
            user: session.user as string | undefined,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('authenticates with the credentials in SMTP_RELAY_URL and delivers the message', async () => {
    const mailer = new SmtpRelayMailer(`smtp://relay:secret@127.0.0.1:${port}`, 'Mailcheck <no-reply@mailcheck.test>');
    await mailer.send({
      to: 'ada@example.com',
      subject: 'Confirm your email address',
      text: 'https://app.example/confirm-email?token=1.abc\n',
    });
    await mailer.close();
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ from: 'no-reply@mailcheck.test', to: ['ada@example.com'], user: 'relay' });
    expect(received[0].raw).toMatch(/^Subject: Confirm your email address$/m);
    expect(received[0].raw).toContain('confirm-email?token=1.abc');
  });

  it('rejects when the relay refuses the credentials or the recipient', async () => {
    const wrong = new SmtpRelayMailer(`smtp://relay:nope@127.0.0.1:${port}`, 'no-reply@mailcheck.test');
    await expect(wrong.send({ to: 'ada@example.com', subject: 's', text: 't' })).rejects.toThrow(/535|Invalid login/);
    await wrong.close();
    const mailer = new SmtpRelayMailer(`smtp://relay:secret@127.0.0.1:${port}`, 'no-reply@mailcheck.test');
    await expect(mailer.send({ to: 'x@refused.example', subject: 's', text: 't' })).rejects.toThrow(/550/);
    await mailer.close();
  });
});

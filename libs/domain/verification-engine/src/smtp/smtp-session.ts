import type { Dial } from '../egress/dial';
import { ConnectionTimeouts, SmtpConnection } from './smtp-connection';
import { SmtpReply } from './smtp-reply';
import { loopStalls } from './loop-stalls';
import { ReplyLatency } from './reply-latency';

export interface SessionOptions extends ConnectionTimeouts {
  heloName: string;
  mailFrom: string;
  port: number;
  /** Opportunistic STARTTLS; the pool turns it off for a host whose TLS handshake failed (see MxPool). */
  tls: boolean;
  /** How the connection is opened: the egress route's way out (direct when absent). */
  dial?: Dial;
}

// How long a retired session waits for the server to close after QUIT before dropping the connection.
const RETIRE_WAIT_MS = 1_000;

/** Why a session could not be opened although the server answered: it said no at banner or EHLO. */
export class SmtpRefusedError extends Error {
  constructor(
    readonly stage: 'banner' | 'ehlo' | 'starttls',
    readonly reply: SmtpReply,
  ) {
    super(`${stage}: ${reply.code} ${reply.text}`);
  }
}

/**
 * A probing SMTP session: greeting, EHLO (HELO fallback), opportunistic STARTTLS, then
 * transactions of MAIL FROM and RCPT TO closed by RSET. DATA is never sent.
 */
export class SmtpSession {
  private extensions = new Set<string>();
  private transaction = false;
  rcptCount = 0;
  /** RCPTs in the open transaction (servers cap recipients per message, 452 4.5.3). */
  rcptsInTransaction = 0;
  /** 4xx/5xx replies to MAIL and RCPT: what servers count towards their error limits. */
  errors = 0;
  /** RSETs sent: servers count them as junk commands, which turn into errors past a limit. */
  rsets = 0;
  /** Reply times of this session's commands, to tell a tarpitted reply from the usual. */
  readonly latency = new ReplyLatency();
  private waitingSince = 0;
  /** How long connect, banner, EHLO (and STARTTLS) took, our own event loop's stalls left out: the MX's speed at taking a new client. */
  handshakeMs = 0;

  private constructor(
    readonly host: string,
    readonly address: string,
    private readonly connection: SmtpConnection,
    private readonly options: SessionOptions,
  ) {}

  static async open(host: string, address: string, options: SessionOptions): Promise<SmtpSession> {
    loopStalls.start();
    const started = performance.now();
    const connection = await SmtpConnection.open(address, options.port, options, options.dial);
    const session = new SmtpSession(host, address, connection, options);
    try {
      const banner = await connection.readBanner();
      if (banner.code !== 220) throw new SmtpRefusedError('banner', banner);
      await session.greet();
      if (options.tls && session.extensions.has('STARTTLS')) {
        const ready = await connection.command('STARTTLS');
        if (ready.code === 421) throw new SmtpRefusedError('starttls', ready);
        // Any other refusal (454 "TLS not available") leaves the session in clear text, where RFC 3207
        // lets the client carry on: TLS is opportunistic here, the verdict does not depend on it.
        if (ready.code === 220) {
          await connection.startTls(host);
          await session.greet();
        }
      }
      const ended = performance.now();
      session.handshakeMs = Math.max(0, ended - started - loopStalls.during(started, ended));
      return session;
    } catch (error) {
      connection.destroy();
      throw error;
    }
  }

  get usable(): boolean {
    return !this.connection.closed;
  }

  /** The server closed the connection (see SmtpConnection.closedByServer). */
  get closedByServer(): boolean {
    return this.connection.closedByServer;
  }
  /** A MAIL FROM was accepted and not yet ended by RSET. */
  get transactionOpen(): boolean {
    return this.transaction;
  }
  /** RFC 2920: MAIL FROM and RCPT TO may be sent without waiting for each reply. */
  get pipelining(): boolean {
    return this.extensions.has('PIPELINING');
  }
  get secure(): boolean {
    return this.connection.isSecure;
  }
  supports(extension: string): boolean {
    return this.extensions.has(extension);
  }

  /**
   * Sends MAIL FROM (unless a transaction is open) and a RCPT TO per address. When the server offers
   * PIPELINING (RFC 2920) they go out in one write, so a batch costs one round trip; otherwise MAIL
   * FROM's reply is awaited first, and the caller sends one address at a time. Returns MAIL FROM's
   * refusal, if any (the RCPT replies are then unread: retire the session). Read each RCPT's reply, in
   * order, with nextRcptReply(); a session with replies left unread must be retired, not reused.
   */
  async sendRcpts(addresses: string[], needsUtf8: boolean): Promise<SmtpReply | null> {
    const rcpts = addresses.map((address) => `RCPT TO:<${address}>`);
    if (this.transaction) {
      this.write(rcpts);
      return null;
    }
    const mail = `MAIL FROM:<${this.options.mailFrom}>${needsUtf8 && this.extensions.has('SMTPUTF8') ? ' SMTPUTF8' : ''}`;
    if (this.pipelining) this.write([mail, ...rcpts]);
    else this.write([mail]);
    const reply = await this.timedReply();
    if (reply.code !== 250) return reply;
    this.transaction = true;
    this.rcptsInTransaction = 0;
    if (!this.pipelining) this.write(rcpts);
    return null;
  }

  /** The reply to the next RCPT sent by sendRcpts. */
  nextRcptReply(): Promise<SmtpReply> {
    this.rcptCount++;
    this.rcptsInTransaction++;
    return this.timedReply();
  }

  /** Ends the transaction so the next MAIL FROM starts clean (and the catch-all probe is independent). */
  async rset(): Promise<boolean> {
    this.transaction = false;
    this.rsets++;
    const reply = await this.connection.command('RSET');
    return reply.code === 250;
  }

  /**
   * Ends a session the prober gave up on (error budget spent, tarpitted, recipient cap reached): QUIT
   * is sent but its reply not awaited, since a server that is delaying replies would delay that one too.
   */
  retire(): Promise<void> {
    return this.connection.quitWithoutReply(RETIRE_WAIT_MS);
  }

  /**
   * Ends a healthy session as retire does: QUIT, then the wait for the server to close (RFC 5321 has it close
   * after its 221), so the MX no longer counts the connection when its slot goes to a new one.
   */
  quit(): Promise<void> {
    return this.retire();
  }

  destroy(): void {
    this.connection.destroy();
  }

  private write(lines: string[]): void {
    loopStalls.start();
    this.waitingSince = performance.now();
    this.connection.send(lines);
  }

  /**
   * Reads the next reply and records how long it took: since the write for the first reply of a batch,
   * since the previous reply for the others (pipelined replies normally arrive together, so a reply
   * the server held back stands out).
   */
  private async timedReply(): Promise<SmtpReply> {
    const started = this.waitingSince;
    const reply = await this.connection.reply();
    const ended = performance.now();
    this.waitingSince = ended;
    // Time our own event loop was blocked is not the server's: a busy process must not see tarpits.
    this.latency.record(Math.max(0, ended - started - loopStalls.during(started, ended)));
    if (reply.code >= 400) this.errors++;
    return reply;
  }

  private async greet(): Promise<void> {
    let reply = await this.connection.command(`EHLO ${this.options.heloName}`);
    if (reply.code !== 250) {
      reply = await this.connection.command(`HELO ${this.options.heloName}`);
      if (reply.code !== 250) throw new SmtpRefusedError('ehlo', reply);
      this.extensions = new Set();
      return;
    }
    this.extensions = new Set(reply.lines.slice(1).map((line) => line.split(/\s+/)[0].toUpperCase()));
  }
}

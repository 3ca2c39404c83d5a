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
}

// How long a retired session waits for the server to close after QUIT before dropping the connection.
const RETIRE_WAIT_MS = 1_000;

/** Why a session could not be opened although the server answered: it said no at banner or EHLO. */
export class SmtpRefusedError extends Error {
  constructor(readonly stage: 'banner' | 'ehlo' | 'starttls', readonly reply: SmtpReply) {
    super(`${stage}: ${reply.code} ${reply.text}`);
  }
}

/**
 * A probing SMTP session: greeting, EHLO (HELO fallback), opportunistic STARTTLS, then
 * transactions of MAIL FROM and RCPT TO closed by RSET. DATA is never sent.
 */
export class SmtpSession {
  private extensions = new Set<string>();
  private inTransaction = false;
  rcptCount = 0;
  /** RCPTs in the open transaction (servers cap recipients per message, 452 4.5.3). */
  rcptsInTransaction = 0;
  /** 4xx/5xx replies to MAIL and RCPT: what servers count towards their error limits. */
  errors = 0;
  /** RSETs sent: servers count them as junk commands, which turn into errors past a limit. */
  rsets = 0;
  /** Reply times of this session's commands, to tell a tarpitted reply from the usual. */
  readonly latency = new ReplyLatency();

  private constructor(readonly host: string, readonly address: string, private readonly connection: SmtpConnection, private readonly options: SessionOptions) {}

  static async open(host: string, address: string, options: SessionOptions): Promise<SmtpSession> {
    const connection = await SmtpConnection.open(address, options.port, options);
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
      return session;
    } catch (error) {
      connection.destroy();
      throw error;
    }
  }

  get usable(): boolean { return !this.connection.closed; }
  get secure(): boolean { return this.connection.isSecure; }
  supports(extension: string): boolean { return this.extensions.has(extension); }

  /** Opens a transaction unless one is open. Returns the reply when the server refused it. */
  async ensureTransaction(needsUtf8: boolean): Promise<SmtpReply | null> {
    if (this.inTransaction) return null;
    const params = needsUtf8 && this.extensions.has('SMTPUTF8') ? ' SMTPUTF8' : '';
    const reply = await this.timed(`MAIL FROM:<${this.options.mailFrom}>${params}`);
    if (reply.code !== 250) return reply;
    this.inTransaction = true;
    this.rcptsInTransaction = 0;
    return null;
  }

  async rcpt(address: string): Promise<SmtpReply> {
    this.rcptCount++;
    this.rcptsInTransaction++;
    return this.timed(`RCPT TO:<${address}>`);
  }

  /** Ends the transaction so the next MAIL FROM starts clean (and the catch-all probe is independent). */
  async rset(): Promise<boolean> {
    this.inTransaction = false;
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

  async quit(): Promise<void> {
    try {
      if (this.usable) await this.connection.command('QUIT');
    } catch {
      // The server may close before answering QUIT; the session is over either way.
    } finally {
      this.connection.destroy();
    }
  }

  destroy(): void { this.connection.destroy(); }

  private async timed(line: string): Promise<SmtpReply> {
    loopStalls.start();
    const started = performance.now();
    const reply = await this.connection.command(line);
    const ended = performance.now();
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

import type { Socket } from 'node:net';
import { connect as tlsConnect, createSecureContext, SecureContext, TLSSocket } from 'node:tls';
import { SmtpReply, SmtpReplyParser } from './smtp-reply';
import { SmtpTransportError } from './smtp-errors';
import { Dial, directDial } from '../egress/dial';

export interface ConnectionTimeouts {
  connectTimeoutMs: number;
  bannerTimeoutMs: number;
  commandTimeoutMs: number;
}

/**
 * One client context for every STARTTLS: building one per connection (what tls.connect does when given
 * none) loads the CA store each time, ~0.2 ms of the event loop per session, thousands per bulk job.
 */
let clientContext: SecureContext | null = null;
const sharedClientContext = (): SecureContext => (clientContext ??= createSecureContext());

type Waiter = { resolve: (reply: SmtpReply) => void; reject: (error: Error) => void; timer: NodeJS.Timeout };

/**
 * One SMTP client connection over a raw socket: reads replies in order, applies a timeout
 * per awaited reply, and can be upgraded in place by STARTTLS.
 */
export class SmtpConnection {
  private parser = new SmtpReplyParser();
  private readonly queued: SmtpReply[] = [];
  private waiter: Waiter | null = null;
  private failure: Error | null = null;
  /** The server closed its side (its FIN arrived): it no longer counts the connection as open. */
  private serverClosed = false;
  private secure = false;

  private constructor(
    private socket: Socket | TLSSocket,
    private readonly timeouts: ConnectionTimeouts,
  ) {
    this.attach(socket);
  }

  /** Connects through `dial` (the egress route: direct by default) and reads replies from the socket it gives. */
  static async open(
    address: string,
    port: number,
    timeouts: ConnectionTimeouts,
    dial: Dial = directDial(),
  ): Promise<SmtpConnection> {
    return new SmtpConnection(await dial(address, port, timeouts.connectTimeoutMs), timeouts);
  }

  get isSecure(): boolean {
    return this.secure;
  }

  readBanner(): Promise<SmtpReply> {
    return this.next(this.timeouts.bannerTimeoutMs, 'banner_timeout');
  }

  command(line: string): Promise<SmtpReply> {
    if (this.failure) return Promise.reject(this.failure);
    this.send([line]);
    return this.reply();
  }

  /** Writes several commands at once (RFC 2920 pipelining); their replies are read in order with reply(). */
  send(lines: string[]): void {
    if (!this.failure) this.socket.write(lines.map((line) => `${line}\r\n`).join(''));
  }

  /** The next reply in order, within the command timeout. */
  reply(): Promise<SmtpReply> {
    return this.next(this.timeouts.commandTimeoutMs, 'command_timeout');
  }

  /**
   * Sends QUIT without reading its reply (a server delaying replies would delay that one too) and
   * resolves once the server has closed, or after `waitMs`: until then the server still counts the
   * connection against its per-client limit, so the slot is not handed to a new one earlier.
   */
  quitWithoutReply(waitMs: number): Promise<void> {
    if (this.failure) {
      this.socket.destroy();
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.socket.destroy();
        resolve();
      };
      const timer = setTimeout(done, waitMs);
      this.socket.once('close', done);
      this.fail(new SmtpTransportError('connection_closed', 'closed by client'));
      this.socket.end('QUIT\r\n');
    });
  }

  /** Upgrades after a 220 to STARTTLS. Certificates are not verified: no message content is ever sent. */
  startTls(servername: string): Promise<void> {
    const plain = this.socket;
    plain.removeAllListeners('data');
    return new Promise((resolve, reject) => {
      const secure = tlsConnect({
        socket: plain,
        servername: servername.replace(/\.$/, ''),
        rejectUnauthorized: false,
        secureContext: sharedClientContext(),
      });
      const timer = setTimeout(() => {
        secure.destroy();
        reject(new SmtpTransportError('tls_failed', 'TLS handshake timed out'));
      }, this.timeouts.commandTimeoutMs);
      secure.once('error', (error) => {
        clearTimeout(timer);
        reject(new SmtpTransportError('tls_failed', error.message));
      });
      secure.once('secureConnect', () => {
        clearTimeout(timer);
        secure.removeAllListeners('error');
        this.socket = secure;
        this.parser = new SmtpReplyParser();
        this.secure = true;
        this.attach(secure);
        resolve();
      });
    });
  }

  get closed(): boolean {
    return this.failure !== null;
  }

  /**
   * Whether the server has closed the connection. One we dropped first (destroy, or a QUIT the server did
   * not answer by closing in time) may still count against its per-client limit until it reads our FIN.
   */
  get closedByServer(): boolean {
    return this.serverClosed;
  }

  destroy(): void {
    this.fail(new SmtpTransportError('connection_closed', 'closed by client'));
    this.socket.destroy();
  }

  private attach(socket: Socket | TLSSocket): void {
    socket.setEncoding('utf8');
    socket.on('end', () => (this.serverClosed = true));
    socket.on('data', (chunk: string) => {
      for (const reply of this.parser.push(chunk)) this.deliver(reply);
    });
    socket.on('error', (error) => this.fail(new SmtpTransportError('network_error', error.message)));
    socket.on('close', () => this.fail(new SmtpTransportError('connection_closed', 'connection closed by server')));
    // A dial that read a handshake first (SOCKS5) hands the socket over paused, the MX's first bytes put
    // back: a 'data' listener does not restart a stream paused explicitly.
    socket.resume();
  }

  private deliver(reply: SmtpReply): void {
    if (!this.waiter) {
      this.queued.push(reply);
      return;
    }
    const { resolve, timer } = this.waiter;
    clearTimeout(timer);
    this.waiter = null;
    resolve(reply);
  }

  private fail(error: Error): void {
    if (this.failure) return;
    this.failure = error;
    if (this.waiter) {
      const { reject, timer } = this.waiter;
      clearTimeout(timer);
      this.waiter = null;
      reject(error);
    }
  }

  private next(timeoutMs: number, kind: 'banner_timeout' | 'command_timeout'): Promise<SmtpReply> {
    const queued = this.queued.shift();
    if (queued) return Promise.resolve(queued);
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiter = null;
        const error = new SmtpTransportError(kind, `no reply within ${timeoutMs} ms`);
        this.fail(error);
        this.socket.destroy();
        reject(error);
      }, timeoutMs);
      this.waiter = { resolve, reject, timer };
    });
  }
}

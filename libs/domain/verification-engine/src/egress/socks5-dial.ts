import { connect, isIPv4, isIPv6, Socket } from 'node:net';
import { SmtpFailureKind, SmtpTransportError } from '../smtp/smtp-errors';
import type { Dial } from './dial';

export interface Socks5Proxy {
  host: string;
  port: number;
  username?: string;
  password?: string;
  /** The proxy's own answers (TCP connect, method choice, authentication) must come within this. */
  timeoutMs: number;
}

const VERSION = 0x05;
const NO_AUTH = 0x00;
const USER_PASS = 0x02;
const NO_ACCEPTABLE = 0xff;
const CONNECT = 0x01;

/**
 * What each SOCKS5 reply code (RFC 1928, 6) says about the route. "Not allowed by ruleset" and
 * "connection refused" on the SMTP port are the proxy's network refusing port 25: the route cannot carry
 * probes. "Network/host unreachable" and "TTL expired" are the MX's address not answering, as a direct
 * connect timing out would be.
 */
const REPLY_KINDS: Record<number, SmtpFailureKind> = {
  0x01: 'network_error',
  0x02: 'proxy_refused',
  0x03: 'connect_timeout',
  0x04: 'connect_timeout',
  0x05: 'proxy_refused',
  0x06: 'connect_timeout',
  0x07: 'proxy_refused',
  0x08: 'proxy_refused',
};

/** A tunnel to the MX's IP address through a SOCKS5 proxy (RFC 1928), with username/password (RFC 1929) when given. */
export function socks5Dial(proxy: Socks5Proxy): Dial {
  return async (address, port, connectTimeoutMs) => {
    const socket = await openToProxy(proxy);
    const reader = new ByteReader(socket);
    try {
      await greet(socket, reader, proxy);
      await requestConnect(socket, reader, address, port, connectTimeoutMs);
      reader.detach();
      return socket;
    } catch (error) {
      socket.destroy();
      throw error;
    }
  };
}

/**
 * Whether the proxy still answers and takes our credentials (no CONNECT): asked when a tunnel broke
 * mid-session, to tell a dead proxy (the route goes out) from an MX that hung up.
 */
export async function socks5Check(proxy: Socks5Proxy): Promise<void> {
  const socket = await openToProxy(proxy);
  try {
    await greet(socket, new ByteReader(socket), proxy);
  } finally {
    socket.destroy();
  }
}

function openToProxy(proxy: Socks5Proxy): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: proxy.host, port: proxy.port, noDelay: true });
    const timer = setTimeout(() => {
      socket.destroy();
      reject(
        new SmtpTransportError('proxy_timeout', `SOCKS5 proxy ${proxy.host}:${proxy.port} did not accept in time`),
      );
    }, proxy.timeoutMs);
    socket.once('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(
        new SmtpTransportError(
          'proxy_unreachable',
          `SOCKS5 proxy ${proxy.host}:${proxy.port}: ${error.code ?? error.message}`,
        ),
      );
    });
    socket.once('connect', () => {
      clearTimeout(timer);
      socket.removeAllListeners('error');
      resolve(socket);
    });
  });
}

async function greet(socket: Socket, reader: ByteReader, proxy: Socks5Proxy): Promise<void> {
  const withPassword = proxy.username !== undefined;
  socket.write(Buffer.from(withPassword ? [VERSION, 1, USER_PASS] : [VERSION, 1, NO_AUTH]));
  const [version, method] = await reader.read(2, proxy.timeoutMs, 'proxy_timeout');
  if (version !== VERSION) throw new SmtpTransportError('proxy_unreachable', `not a SOCKS5 proxy (version ${version})`);
  if (method === NO_ACCEPTABLE)
    throw new SmtpTransportError('proxy_auth_failed', 'the SOCKS5 proxy accepts none of the offered methods');
  if (method !== USER_PASS) return;
  const user = Buffer.from(proxy.username ?? '', 'utf8');
  const pass = Buffer.from(proxy.password ?? '', 'utf8');
  socket.write(Buffer.concat([Buffer.from([0x01, user.length]), user, Buffer.from([pass.length]), pass]));
  const [, status] = await reader.read(2, proxy.timeoutMs, 'proxy_timeout');
  if (status !== 0x00) throw new SmtpTransportError('proxy_auth_failed', 'the SOCKS5 proxy refused the credentials');
}

async function requestConnect(
  socket: Socket,
  reader: ByteReader,
  address: string,
  port: number,
  connectTimeoutMs: number,
): Promise<void> {
  const target = addressBytes(address);
  const portBytes = Buffer.from([port >> 8, port & 0xff]);
  socket.write(Buffer.concat([Buffer.from([VERSION, CONNECT, 0x00]), target, portBytes]));
  // The reply comes once the proxy has connected to the MX: the MX's connect time counts, as it would direct.
  const [, reply, , addressType] = await reader.read(4, connectTimeoutMs, 'connect_timeout');
  if (reply !== 0x00) {
    const kind = REPLY_KINDS[reply] ?? 'network_error';
    throw new SmtpTransportError(kind, `SOCKS5 proxy answered ${reply} to CONNECT ${address}:${port}`);
  }
  const boundLength =
    addressType === 0x01
      ? 4
      : addressType === 0x04
        ? 16
        : (await reader.read(1, connectTimeoutMs, 'connect_timeout'))[0];
  await reader.read(boundLength + 2, connectTimeoutMs, 'connect_timeout');
}

function addressBytes(address: string): Buffer {
  if (isIPv4(address)) return Buffer.from([0x01, ...address.split('.').map(Number)]);
  if (isIPv6(address)) return Buffer.concat([Buffer.from([0x04]), ipv6Bytes(address)]);
  const name = Buffer.from(address, 'ascii');
  return Buffer.concat([Buffer.from([0x03, name.length]), name]);
}

function ipv6Bytes(text: string): Buffer {
  // An IPv4-mapped tail (::ffff:192.0.2.1) as two hex groups.
  const address = text.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_, a, b, c, d) =>
    [(+a << 8) | +b, (+c << 8) | +d].map((n) => n.toString(16)).join(':'),
  );
  const [head, tail = ''] = address.split('::');
  const groups = (part: string) => (part ? part.split(':') : []);
  const missing = 8 - groups(head).length - groups(tail).length;
  const all = address.includes('::')
    ? [...groups(head), ...Array<string>(missing).fill('0'), ...groups(tail)]
    : groups(head);
  const bytes = Buffer.alloc(16);
  all.forEach((group, i) => bytes.writeUInt16BE(parseInt(group, 16), i * 2));
  return bytes;
}

/**
 * Reads exact byte counts of the handshake from the socket. Whatever arrives after the last reply (the MX's
 * banner can come in the same segment) is put back for the SMTP reader with unshift.
 */
class ByteReader {
  private buffered = Buffer.alloc(0);
  private want: { count: number; resolve: (bytes: Buffer) => void; reject: (error: Error) => void } | null = null;
  private closed: Error | null = null;
  private readonly onData = (chunk: Buffer) => {
    this.buffered = Buffer.concat([this.buffered, chunk]);
    this.serve();
  };
  private readonly onEnd = () =>
    this.fail(new SmtpTransportError('proxy_unreachable', 'the SOCKS5 proxy closed the connection'));
  private readonly onError = (error: Error) => this.fail(new SmtpTransportError('proxy_unreachable', error.message));

  constructor(private readonly socket: Socket) {
    socket.on('data', this.onData);
    socket.on('close', this.onEnd);
    socket.on('error', this.onError);
  }

  read(count: number, timeoutMs: number, onTimeout: SmtpFailureKind): Promise<Buffer> {
    if (this.closed) return Promise.reject(this.closed);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.want = null;
        reject(new SmtpTransportError(onTimeout, `no SOCKS5 reply within ${timeoutMs} ms`));
      }, timeoutMs);
      this.want = {
        count,
        resolve: (bytes) => (clearTimeout(timer), resolve(bytes)),
        reject: (error) => (clearTimeout(timer), reject(error)),
      };
      this.serve();
    });
  }

  detach(): void {
    this.socket.off('data', this.onData);
    this.socket.off('close', this.onEnd);
    this.socket.off('error', this.onError);
    this.socket.pause();
    if (this.buffered.length > 0) this.socket.unshift(this.buffered);
    this.buffered = Buffer.alloc(0);
  }

  private serve(): void {
    if (!this.want || this.buffered.length < this.want.count) return;
    const { count, resolve } = this.want;
    this.want = null;
    const bytes = this.buffered.subarray(0, count);
    this.buffered = this.buffered.subarray(count);
    resolve(bytes);
  }

  private fail(error: Error): void {
    this.closed ??= error;
    const want = this.want;
    this.want = null;
    want?.reject(error);
  }
}

/**
 * The client side of a SOCKS5 CONNECT (RFC 1928, with RFC 1929 username/password), just enough for a
 * test to ask a real proxy (scripts/integration/dante.sh) what it answers, byte for byte:
 *
 *   const outcome = await socks5Connect(process.env.DANTE_OPEN_URL!, { host: '127.0.0.1', port });
 *   if (outcome.kind === 'connected') outcome.socket.write(...);   // now a tunnel to host:port
 *
 * Test-only: it stops at the first refusal and reports the status the proxy sent, which is what the
 * route suites assert on (an auth status other than 0, CONNECT reply 0x02 "not allowed by ruleset").
 */
import { connect, Socket } from 'node:net';

export interface Socks5Target {
  /** An IPv4 address: the prober connects to the MX's address, never to a name. */
  host: string;
  port: number;
}

export type Socks5Outcome =
  | { kind: 'connected'; socket: Socket; boundAddress: string; boundPort: number }
  | { kind: 'no_acceptable_method' }
  | { kind: 'auth_refused'; status: number }
  | { kind: 'connect_refused'; reply: number };

const VERSION = 5;
const NO_AUTH = 0x00;
const USERNAME_PASSWORD = 0x02;
const NO_ACCEPTABLE = 0xff;
const CONNECT = 0x01;
const IPV4 = 0x01;
const DOMAIN = 0x03;
const IPV6 = 0x04;

/** Opens a tunnel to `target` through the proxy of a `socks5://[user:password@]host:port` URL. */
export async function socks5Connect(proxyUrl: string, target: Socks5Target, timeoutMs = 5000): Promise<Socks5Outcome> {
  const url = new URL(proxyUrl);
  const username = decodeURIComponent(url.username);
  const password = decodeURIComponent(url.password);
  const socket = connect({ host: url.hostname, port: Number(url.port) });
  socket.setTimeout(timeoutMs, () => socket.destroy(new Error(`SOCKS5 handshake with ${url.host} timed out`)));
  try {
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    const method = username ? USERNAME_PASSWORD : NO_AUTH;
    socket.write(Buffer.from([VERSION, 1, method]));
    const [, chosen] = await readExactly(socket, 2);
    if (chosen === NO_ACCEPTABLE) return closed(socket, { kind: 'no_acceptable_method' });
    if (chosen === USERNAME_PASSWORD) {
      const user = Buffer.from(username);
      const pass = Buffer.from(password);
      socket.write(Buffer.concat([Buffer.from([1, user.length]), user, Buffer.from([pass.length]), pass]));
      const [, status] = await readExactly(socket, 2);
      if (status !== 0) return closed(socket, { kind: 'auth_refused', status });
    }
    const octets = target.host.split('.').map(Number);
    socket.write(Buffer.from([VERSION, CONNECT, 0, IPV4, ...octets, target.port >> 8, target.port & 0xff]));
    const [, reply, , addressType] = await readExactly(socket, 4);
    const bound = await readBoundAddress(socket, addressType);
    if (reply !== 0) return closed(socket, { kind: 'connect_refused', reply });
    socket.setTimeout(0);
    return { kind: 'connected', socket, ...bound };
  } catch (error) {
    socket.destroy();
    throw error;
  }
}

async function readBoundAddress(
  socket: Socket,
  addressType: number,
): Promise<{ boundAddress: string; boundPort: number }> {
  let address: string;
  if (addressType === IPV4) address = [...(await readExactly(socket, 4))].join('.');
  else if (addressType === IPV6) address = (await readExactly(socket, 16)).toString('hex');
  else if (addressType === DOMAIN) address = (await readExactly(socket, (await readExactly(socket, 1))[0])).toString();
  else throw new Error(`SOCKS5 reply with unknown address type ${addressType}`);
  const port = await readExactly(socket, 2);
  return { boundAddress: address, boundPort: port.readUInt16BE(0) };
}

/**
 * Exactly `length` bytes, leaving whatever follows in the socket's buffer: after the CONNECT reply
 * that is the tunnelled server's first bytes (an SMTP banner), which belong to the caller.
 */
function readExactly(socket: Socket, length: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      socket.off('readable', attempt);
      socket.off('end', ended);
      socket.off('close', ended);
      socket.off('error', failed);
    };
    const failed = (error: Error) => {
      cleanup();
      reject(error);
    };
    const ended = () => failed(new Error(`the proxy closed the connection before sending ${length} bytes`));
    function attempt() {
      const chunk = socket.read(length) as Buffer | null;
      if (chunk === null) return;
      cleanup();
      if (chunk.length < length)
        reject(new Error(`the proxy closed the connection after ${chunk.length} of ${length} bytes`));
      else resolve(chunk);
    }
    socket.on('readable', attempt).once('end', ended).once('close', ended).once('error', failed);
    attempt();
  });
}

function closed<T extends Socks5Outcome>(socket: Socket, outcome: T): T {
  socket.destroy();
  return outcome;
}

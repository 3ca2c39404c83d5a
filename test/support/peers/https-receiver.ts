import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as https from 'node:https';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';

export interface ReceivedRequest {
  path: string;
  headers: IncomingHttpHeaders;
  /** The raw body exactly as received: what signatures are computed over. */
  body: string;
  receivedAt: number;
}

/** A status to answer with, or 'hang' to never answer (a receiver that times out). */
export type Reply = number | 'hang';

/** A throwaway CA and a server certificate for 127.0.0.1 and localhost, made with the openssl CLI. */
export function issueCertificates(dir: string): { caFile: string; key: Buffer; cert: Buffer } {
  const run = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  run(
    'req',
    '-x509',
    ...ec,
    '-keyout',
    'ca.key',
    '-out',
    'ca.pem',
    '-days',
    '2',
    '-subj',
    '/CN=Webhook Test CA',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  );
  run('req', ...ec, '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=localhost');
  fs.writeFileSync(
    path.join(dir, 'server.ext'),
    'subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n',
  );
  run(
    'x509',
    '-req',
    '-in',
    'server.csr',
    '-CA',
    'ca.pem',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-out',
    'server.pem',
    '-days',
    '2',
    '-extfile',
    'server.ext',
  );
  return {
    caFile: path.join(dir, 'ca.pem'),
    key: fs.readFileSync(path.join(dir, 'server.key')),
    cert: fs.readFileSync(path.join(dir, 'server.pem')),
  };
}

/**
 * A real HTTPS webhook receiver on loopback with a certificate from its own CA (pass `caFile` as
 * WEBHOOK_CA_FILE). Replies are scripted per path: queued replies first, then the path's default (200).
 */
export class HttpsReceiver {
  readonly requests: ReceivedRequest[] = [];
  private readonly queues = new Map<string, Reply[]>();
  private readonly defaults = new Map<string, Reply>();
  private readonly listeners = new Set<() => void>();

  private constructor(
    private readonly server: https.Server,
    readonly caFile: string,
    private readonly dir: string,
  ) {}

  static async start(): Promise<HttpsReceiver> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'webhook-receiver-'));
    const { caFile, key, cert } = issueCertificates(dir);
    const server = https.createServer({ key, cert }, (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const url = req.url ?? '/';
        receiver.requests.push({
          path: url,
          headers: req.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          receivedAt: Date.now(),
        });
        const reply = receiver.queues.get(url)?.shift() ?? receiver.defaults.get(url) ?? 200;
        for (const listener of [...receiver.listeners]) listener();
        if (reply === 'hang') return;
        res.writeHead(reply, { 'content-type': 'text/plain' }).end('ok');
      });
    });
    // The handler above runs only once the server listens, after this line has bound `receiver`.
    const receiver = new HttpsReceiver(server, caFile, dir);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return receiver;
  }

  url(pathname = '/hook'): string {
    return `https://127.0.0.1:${(this.server.address() as AddressInfo).port}${pathname}`;
  }

  /** Answers the next requests to `pathname` with these replies, in order. */
  reply(pathname: string, ...replies: Reply[]): void {
    this.queues.set(pathname, [...(this.queues.get(pathname) ?? []), ...replies]);
  }

  /** What `pathname` answers once its queued replies are used up. */
  setDefault(pathname: string, reply: Reply): void {
    this.defaults.set(pathname, reply);
  }

  received(pathname: string): ReceivedRequest[] {
    return this.requests.filter((r) => r.path === pathname);
  }

  /** Resolves with the requests to `pathname` once there are at least `count`; rejects after `timeoutMs`. */
  async waitFor(pathname: string, count: number, timeoutMs = 15_000): Promise<ReceivedRequest[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.received(pathname).length < count) {
      const remaining = deadline - Date.now();
      if (remaining <= 0)
        throw new Error(`expected ${count} requests to ${pathname}, got ${this.received(pathname).length}`);
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          this.listeners.delete(done);
          resolve();
        };
        const timer = setTimeout(done, remaining);
        this.listeners.add(done);
      });
    }
    return this.received(pathname);
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

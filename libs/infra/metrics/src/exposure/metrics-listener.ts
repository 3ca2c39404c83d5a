import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Metrics } from '../metrics';
import { answerScrape, METRICS_PATH } from './scrape';

export interface MetricsListenerSettings {
  port: number;
  host: string;
  token: string | null;
}

/**
 * A listener of its own (METRICS_PORT) that serves only GET /metrics: off the API's port, its auth,
 * rate limit and envelope, so scrapes work the same in every role and never show up in the API's
 * request metrics.
 */
export class MetricsListener {
  private server: Server | null = null;

  constructor(
    private readonly metrics: Metrics,
    private readonly settings: MetricsListenerSettings,
  ) {}

  /** Listens; resolves with the address scrapes go to. */
  async start(): Promise<string> {
    const server = createServer((request, response) => void this.answer(request, response));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.settings.port, this.settings.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    this.server = server;
    const { port } = server.address() as AddressInfo;
    const host = this.settings.host === '0.0.0.0' || this.settings.host === '::' ? '127.0.0.1' : this.settings.host;
    return `http://${host.includes(':') ? `[${host}]` : host}:${port}${METRICS_PATH}`;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = (request.url ?? '').split('?')[0];
    if (path !== METRICS_PATH)
      return send(
        response,
        404,
        { 'content-type': 'text/plain; charset=utf-8' },
        `Not found: this listener serves only GET ${METRICS_PATH}\n`,
      );
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return send(
        response,
        405,
        { 'content-type': 'text/plain; charset=utf-8', allow: 'GET, HEAD' },
        'Method not allowed\n',
      );
    try {
      const answer = await answerScrape(this.metrics, this.settings.token, request.headers.authorization);
      send(response, answer.status, answer.headers, request.method === 'HEAD' ? '' : answer.body);
    } catch {
      send(response, 500, { 'content-type': 'text/plain; charset=utf-8' }, 'Metrics could not be collected\n');
    }
  }
}

function send(response: ServerResponse, status: number, headers: Record<string, string>, body: string): void {
  response.writeHead(status, headers).end(body);
}

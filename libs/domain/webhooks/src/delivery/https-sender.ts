import * as fs from 'node:fs';
import * as https from 'node:https';
import { isIP, LookupFunction } from 'node:net';
import { performance } from 'node:perf_hooks';
import * as tls from 'node:tls';
import { DomainError, ErrorCodes } from '@lib/common';
import { ResolvedAddress, WebhookAddressGuard } from './address-guard';

export interface WebhookRequest {
  url: string;
  body: string;
  headers: Record<string, string>;
}

/** `status` is null when no response arrived (network error, TLS error, timeout, refused address). */
export interface WebhookResponse {
  status: number | null;
  durationMs: number;
  error: string | null;
}

/** The system CAs plus WEBHOOK_CA_FILE: passing `ca` replaces Node's defaults, so they are added back. */
export function createWebhookAgent(caFile: string | null): https.Agent {
  const ca = caFile ? [...tls.rootCertificates, fs.readFileSync(caFile, 'utf8')] : undefined;
  return new https.Agent({ ca, keepAlive: false });
}

/** Connects to the address the guard approved, so a second DNS answer cannot swap in a private one. */
function pinnedLookup(address: ResolvedAddress): LookupFunction {
  return ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [address]);
    else callback(null, address.address, address.family);
  }) as unknown as LookupFunction;
}

/**
 * What a user is told about a failed attempt: a few coarse classes and never the network's own words.
 * Telling "refused" from "reset" from "TLS alert" from "timeout" would make the test endpoint a port
 * scanner of whatever the sender can reach.
 */
export const DeliveryFailures = {
  // A host that resolves to no address reads as one that is not public: telling them apart would say
  // which names the internal DNS knows.
  notPublic: 'refused: the webhook host does not resolve to a public address',
  unreachable:
    'could not connect: the connection or its TLS handshake failed (refused, reset, or a certificate that is not trusted)',
  timeout: 'timeout: no response within the time limit',
} as const;

class PeerNotPublic extends Error {}

function classify(error: unknown): string {
  if (error instanceof PeerNotPublic) return DeliveryFailures.notPublic;
  if (error instanceof DomainError && error.code === ErrorCodes.WEBHOOK_URL_PRIVATE.code)
    return DeliveryFailures.notPublic;
  return DeliveryFailures.unreachable;
}

/**
 * POSTs one signed delivery over HTTPS. The whole exchange (DNS, connect, TLS, response headers) must
 * finish within `timeoutMs`. Redirects are never followed: a 3xx is a failed attempt.
 */
export class HttpsWebhookSender {
  constructor(
    private readonly guard: WebhookAddressGuard,
    private readonly agent: https.Agent,
    private readonly timeoutMs: number,
  ) {}

  send(request: WebhookRequest): Promise<WebhookResponse> {
    const started = performance.now();
    return new Promise((resolve) => {
      let settled = false;
      let outgoing: ReturnType<typeof https.request> | undefined;
      const finish = (status: number | null, error: string | null): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        outgoing?.destroy();
        resolve({ status, durationMs: Math.round(performance.now() - started), error });
      };
      const timer = setTimeout(() => finish(null, DeliveryFailures.timeout), this.timeoutMs);
      const url = new URL(request.url);
      this.guard.check(url.hostname).then(
        ([address]) => {
          if (settled) return;
          outgoing = this.post(url, address, request, (status) =>
            finish(status, status >= 300 && status < 400 ? `redirect (HTTP ${status}) not followed` : null),
          );
          outgoing.on('error', (error) => finish(null, classify(error)));
          outgoing.on('socket', (socket) => {
            const judge = () => {
              if (this.guard.refusesPeer(socket.remoteAddress)) outgoing?.destroy(new PeerNotPublic());
            };
            if (socket.remoteAddress) judge();
            else socket.once('connect', judge);
          });
        },
        (error) => finish(null, classify(error)),
      );
    });
  }

  private post(url: URL, address: ResolvedAddress, request: WebhookRequest, onStatus: (status: number) => void) {
    const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    const outgoing = https.request(
      {
        method: 'POST',
        host,
        port: url.port || 443,
        path: `${url.pathname}${url.search}`,
        headers: { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) },
        agent: this.agent,
        // SNI takes names only; certificate checks still match an IP literal against the certificate's IP SANs.
        servername: isIP(host) ? undefined : host,
        lookup: pinnedLookup(address),
      },
      (response) => {
        response.resume();
        onStatus(response.statusCode ?? 0);
      },
    );
    outgoing.end(request.body);
    return outgoing;
  }
}

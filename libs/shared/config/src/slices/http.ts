import { isIP } from 'node:net';
import type { EnvReader } from '../env-parsers';

/**
 * requestTimeoutMs: a request's headers and whole body (uploads included) must arrive within this,
 * else 408 and the connection is closed (slow bodies). Responses (SSE, downloads) are not bounded by it.
 * shutdownTimeoutMs: after SIGTERM/SIGINT the process stops its consumers and timers, drains open
 * requests, and exits at the latest this long after the signal.
 */
export interface HttpConfig {
  requestTimeoutMs: number;
  shutdownTimeoutMs: number;
}

export function readHttpTimeouts(r: EnvReader): HttpConfig {
  const requestTimeoutMs = r.int('HTTP_REQUEST_TIMEOUT_MS', 120_000, 1_000, 3_600_000);
  // Below Docker's 10 s stop grace period by default, so the process ends itself before it is killed.
  const shutdownTimeoutMs = r.int('SHUTDOWN_TIMEOUT_MS', 8_000, 1_000, 600_000);
  return { requestTimeoutMs, shutdownTimeoutMs };
}

/** IP addresses or CIDR ranges, as Fastify's trustProxy (proxy-addr) takes them. */
export function readTrustedProxies(r: EnvReader): string[] {
  const entries = r.list('TRUSTED_PROXIES') ?? [];
  for (const entry of entries) {
    const [address, prefix, ...rest] = entry.split('/');
    const family = isIP(address);
    const prefixOk = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
    if (!family || rest.length > 0 || !prefixOk)
      r.problems.push(`TRUSTED_PROXIES entry "${entry}" must be an IP address or a CIDR range such as 10.0.0.0/8`);
  }
  return entries;
}

import type { EnvReader } from '../env-parsers';

/**
 * Prometheus /metrics (METRICS_*). port: a listener of its own on host:port serving only /metrics (null: none);
 * token: the bearer token /metrics then requires. Without a port, /metrics is served on PORT only when
 * a token is set, so the public listener never exposes it unauthenticated.
 */
export interface MetricsConfig {
  port: number | null;
  host: string;
  token: string | null;
}

// A token that guards metrics on the public port should not be guessable or break the header.
const METRICS_TOKEN_SHAPE = /^[\x21-\x7e]{16,}$/;

export function readMetrics(r: EnvReader): MetricsConfig {
  const token = r.optional('METRICS_TOKEN');
  if (token !== null && !METRICS_TOKEN_SHAPE.test(token))
    r.problems.push('METRICS_TOKEN must be at least 16 printable ASCII characters without spaces');
  return {
    port: r.optionalInt('METRICS_PORT', 0, 65535),
    host: r.string('METRICS_HOST', r.string('HOST', '0.0.0.0')),
    token,
  };
}

import { createHash, timingSafeEqual } from 'node:crypto';
import type { Metrics } from '../metrics';

export const METRICS_PATH = '/metrics';

export interface ScrapeAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** One scrape, wherever it arrives: the exposition, or a plain-text 401 when a token is configured and not presented. */
export async function answerScrape(
  metrics: Metrics,
  token: string | null,
  authorization: string | undefined,
): Promise<ScrapeAnswer> {
  if (token !== null && !presentsBearer(token, authorization)) {
    return {
      status: 401,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'www-authenticate': 'Bearer realm="metrics"' },
      body: 'Unauthorized\n',
    };
  }
  return {
    status: 200,
    headers: { 'content-type': metrics.contentType, 'cache-control': 'no-store' },
    body: await metrics.render(),
  };
}

function presentsBearer(token: string, authorization: string | undefined): boolean {
  const presented = /^Bearer (.+)$/i.exec(authorization ?? '')?.[1];
  if (!presented) return false;
  // Hashing both sides gives a fixed-length, constant-time comparison that says nothing about the token's length.
  return timingSafeEqual(createHash('sha256').update(presented).digest(), createHash('sha256').update(token).digest());
}

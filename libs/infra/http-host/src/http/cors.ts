import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Cross-origin access, granted route by route (today only single verify, for publishable keys): the rest of
 * the API sends no CORS header, so a browser never lets another site read it. No route allows credentials,
 * so a cross-origin request never carries the dashboard's session cookie to a reader.
 */

/** The request headers a cross-origin caller may send: its key and a JSON body's type. */
const CORS_ALLOWED_HEADERS = 'X-API-KEY, Content-Type';
/** What a cross-origin caller may read besides the body: when to retry, the rate limit, the request id. */
const EXPOSED_HEADERS = 'Retry-After, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, X-Request-Id';
/** How long a browser may reuse a preflight's answer (seconds). */
const PREFLIGHT_MAX_AGE = '600';

/**
 * Lets the page at `origin` read this answer, whatever its status (a 402 or 429 included), once the route has
 * decided that the origin may call it. The answer varies by Origin, so no cache hands it to another origin.
 */
export function allowCorsOrigin(reply: FastifyReply, origin: string): void {
  reply.header('Access-Control-Allow-Origin', origin);
  reply.header('Access-Control-Expose-Headers', EXPOSED_HEADERS);
  reply.header('Vary', 'Origin');
}

/**
 * Answers a CORS preflight (OPTIONS) of a route that takes `methods`. A preflight carries no key, so it cannot
 * know the key's origins: it allows the request for any origin, and the actual request is then refused (403,
 * without CORS headers) unless its Origin is one of the presented key's. Allowing the preflight grants
 * nothing: it only lets the browser send a request the server checks itself.
 */
export function answerPreflight(request: FastifyRequest, reply: FastifyReply, methods: string[]): void {
  const origin = request.headers.origin;
  const asked = String(request.headers['access-control-request-method'] ?? '').toUpperCase();
  reply.header('Allow', ['OPTIONS', ...methods].join(', '));
  reply.header('Vary', 'Origin');
  if (typeof origin === 'string' && origin !== '' && methods.includes(asked)) {
    reply.header('Access-Control-Allow-Origin', origin);
    reply.header('Access-Control-Allow-Methods', methods.join(', '));
    reply.header('Access-Control-Allow-Headers', CORS_ALLOWED_HEADERS);
    reply.header('Access-Control-Max-Age', PREFLIGHT_MAX_AGE);
  }
  reply.status(204).send();
}

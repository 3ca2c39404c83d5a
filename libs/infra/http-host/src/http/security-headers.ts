import type { FastifyInstance } from 'fastify';

/**
 * A year of HTTPS-only for this host and its subdomains, sent only on answers that came over TLS: on
 * this listener's own TLS, or through a TRUSTED_PROXIES balancer that says `X-Forwarded-Proto: https`
 * (Fastify's request.protocol reads the header only from those). Sent over plain HTTP it would be
 * ignored by browsers (RFC 6797 section 7.2) and would lock a local http:// installation out once it gains TLS.
 */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Swagger UI at /docs: its own scripts only (the page loads swagger-ui-bundle.js and swagger-ui-init.js,
 * no inline script), styles from itself plus the inline <style> block and style attributes its page and
 * components use, its icons as data: images, the document from this origin, and never inside a frame.
 */
export const DOCS_SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; object-src 'none'; form-action 'self'; frame-ancestors 'none'; base-uri 'self'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
  'x-frame-options': 'DENY',
};

const isDocsPage = (url: string): boolean => url === '/docs' || url.startsWith('/docs/') || url.startsWith('/docs?');

/** Adds HSTS to every answer that came over https, and the /docs page's own CSP to Swagger UI's answers. */
export function registerSecurityHeaders(fastify: FastifyInstance): void {
  fastify.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    if (isDocsPage(request.url)) reply.headers(DOCS_SECURITY_HEADERS);
  });
}

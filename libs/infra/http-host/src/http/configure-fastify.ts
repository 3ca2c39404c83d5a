import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { DomainError, ErrorCodes } from '@lib/common';
import { MAX_UPLOAD_FIELDS } from './csv-upload';
import { failure } from './envelope';
import { jsonTextProblem, parsedBodyProblem } from './json-body-rules';
import { RouteTable } from './route-table';

/** JSON bodies larger than this are refused with 413; uploads go through multipart with their own limit. */
export const JSON_BODY_LIMIT = 1024 * 1024;

/**
 * What Nest does not cover: content types the spec accepts, errors raised by Fastify before a Nest
 * handler runs (body parsing, size limits), and unknown routes or methods, all in the envelope.
 */
/** Routes whose handler needs the raw JSON text as well as the parsed body (request.rawBody). */
export const RAW_BODY_ROUTES = new Set(['/payments/stripe/webhook']);

export async function configureFastify(
  fastify: FastifyInstance,
  routes: RouteTable,
  maxUploadBytes: number,
): Promise<void> {
  fastify.addHook('onRoute', (route) => routes.add(route.url, route.method as string | string[]));
  // A method no route uses (QUERY, PROPFIND ...) is a 405 or 404 before its body is read: Fastify would
  // otherwise try to parse the body of a body-carrying method and answer a bodiless one with a 400.
  fastify.addHook('onRequest', async (request, reply) => {
    if (routes.usesMethod(request.method)) return;
    const answer = notFoundResponse(routes, request.method, request.url);
    if (answer.allow) reply.header('Allow', answer.allow);
    return reply.status(answer.status).type('application/json; charset=utf-8').send(answer.body);
  });
  // JSON endpoints accept only the JSON media types of the spec; plain text is a 415, not a string body.
  fastify.removeContentTypeParser(['text/plain', 'application/json']);
  // One parser for every JSON media type, raising our own error: Nest rewraps Fastify's parse errors
  // as a bare HttpException(400), which would lose the malformed-JSON code.
  // Fastify's own parser refuses __proto__ and constructor.prototype keys (prototype poisoning).
  const safeParse = fastify.getDefaultJsonParser('error', 'error');
  fastify.addContentTypeParser(
    ['application/json', 'text/json', /^application\/[a-z0-9.!#$&^_*-]+\+json$/i] as never,
    { parseAs: 'string' },
    (request: unknown, body: string | Buffer, done: (err: Error | null, value?: unknown) => void) => {
      const text = String(body);
      // A signed webhook is verified over the exact bytes received, so its route keeps them.
      if (RAW_BODY_ROUTES.has((request as { routeOptions?: { url?: string } }).routeOptions?.url ?? ''))
        (request as { rawBody?: string }).rawBody = text;
      if (text.length === 0) return done(null, undefined);
      // Bounded before parsing: what a body may cost is decided by its shape, not by what parsing it costs.
      const shape = jsonTextProblem(text);
      if (shape) return done(new DomainError('VALIDATION_FAILED', shape), undefined);
      safeParse(request as never, text, (error, value) => {
        if (error) return done(new DomainError('MALFORMED_JSON'), undefined);
        const problem = parsedBodyProblem(value);
        if (problem) return done(new DomainError('VALIDATION_FAILED', problem), undefined);
        done(null, value);
      });
    },
  );
  await fastify.register(multipart as never, {
    limits: { fileSize: maxUploadBytes, files: 1, fields: MAX_UPLOAD_FIELDS * 50, fieldSize: 1024 * 64 },
  });
}

/** Called for paths no route matches; distinguishes a wrong method (405) from an unknown path (404). */
export function notFoundResponse(
  routes: RouteTable,
  method: string,
  url: string,
): { status: number; body: ReturnType<typeof failure>; allow?: string } {
  const allowed = routes.allowedMethods(url).filter((m) => m !== 'HEAD' && m !== method);
  if (allowed.length > 0) {
    const entry = ErrorCodes.METHOD_NOT_ALLOWED;
    return {
      status: entry.status,
      body: failure(entry.code, `${entry.message} Allowed: ${allowed.join(', ')}.`),
      allow: allowed.join(', '),
    };
  }
  const entry = ErrorCodes.ROUTE_NOT_FOUND;
  return { status: entry.status, body: failure(entry.code, `${entry.message} ${method} ${url.split('?')[0]}`) };
}

import type { Duplex } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { ErrorCodes, ErrorName } from '@lib/common';
import { failure } from './envelope';
import { mapError } from './error-mapping';

/**
 * Fastify's router refusing a URL before any route or Nest handler runs (malformed percent-encoding,
 * an over-long path parameter): the envelope instead of Fastify's own JSON shape.
 */
export function answerFrameworkError(error: Error, _request: unknown, reply: FastifyReply): void {
  const mapped = mapError(error);
  reply.status(mapped.status).type('application/json; charset=utf-8').send(mapped.body);
}

const CLIENT_ERRORS: Record<string, ErrorName> = {
  HPE_HEADER_OVERFLOW: 'HEADERS_TOO_LARGE',
  ERR_HTTP_REQUEST_TIMEOUT: 'REQUEST_TIMEOUT',
};

/** The raw HTTP answer to a request Node's parser refused; malformed HTTP of any other kind is a 400. */
export function clientErrorResponse(nodeCode: string | undefined): string {
  const entry = ErrorCodes[CLIENT_ERRORS[nodeCode ?? ''] ?? 'VALIDATION_FAILED'];
  const message = CLIENT_ERRORS[nodeCode ?? ''] ? entry.message : 'The request is not valid HTTP/1.1.';
  const body = JSON.stringify(failure(entry.code, message));
  return [
    `HTTP/1.1 ${entry.status} ${reasonPhrase(entry.status)}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

const reasonPhrase = (status: number): string =>
  ({ 400: 'Bad Request', 408: 'Request Timeout', 431: 'Request Header Fields Too Large' })[status] ?? 'Error';

/**
 * Node's `clientError`: no request object exists, so the answer is written to the socket. `end` (not
 * `destroy`) lets a client still sending its oversized headers read the answer instead of a reset;
 * Node repeats the event while bytes arrive, by then the socket is no longer writable.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) socket.end(clientErrorResponse(error.code));
}

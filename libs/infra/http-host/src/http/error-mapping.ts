import { HttpException } from '@nestjs/common';
import { DomainError, ErrorCodes } from '@lib/common';
import { Envelope, failure, internalFailure } from './envelope';

export interface MappedError {
  status: number;
  body: Envelope<null>;
  headers?: Record<string, string>;
  /** Unexpected errors are logged with their stack; expected ones are not noise. */
  unexpected: boolean;
}

/** Fastify's own errors (body parsing, routing, multipart limits), each with what to add to the catalogue's message. */
const FASTIFY_CODES: Record<string, { name: keyof typeof ErrorCodes; detail?: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { name: 'PAYLOAD_TOO_LARGE' },
  FST_REQ_FILE_TOO_LARGE: { name: 'FILE_TOO_LARGE' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    name: 'UNSUPPORTED_MEDIA_TYPE',
    detail: 'Send application/json, text/json or application/*+json.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { name: 'VALIDATION_FAILED' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { name: 'MALFORMED_JSON' },
  FST_ERR_CTP_INVALID_JSON_BODY: { name: 'MALFORMED_JSON' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { name: 'UNSUPPORTED_MEDIA_TYPE' },
  FST_ERR_BAD_URL: { name: 'VALIDATION_FAILED', detail: 'The URL path has a malformed percent-encoding.' },
  FST_ERR_MAX_PARAM_LENGTH: { name: 'URL_TOO_LONG', detail: 'A path segment (an id) is too long.' },
};

const BY_STATUS: Record<number, keyof typeof ErrorCodes> = {
  400: 'VALIDATION_FAILED',
  401: 'MISSING_API_KEY',
  404: 'ROUTE_NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

/** Turns anything thrown while serving a request into a status and an envelope, never leaking internals. */
export function mapError(error: unknown): MappedError {
  if (error instanceof DomainError) {
    return {
      status: error.status,
      body: failure(error.code, error.message, error.details),
      headers: error.headers,
      unexpected: false,
    };
  }
  const code = (error as { code?: string })?.code;
  if (typeof code === 'string' && FASTIFY_CODES[code]) {
    const { name, detail } = FASTIFY_CODES[code];
    const entry = ErrorCodes[name];
    return {
      status: entry.status,
      body: failure(entry.code, detail ? `${entry.message} ${detail}` : entry.message),
      unexpected: false,
    };
  }
  if (error instanceof SyntaxError && (error as { statusCode?: number }).statusCode === 400) {
    return {
      status: 400,
      body: failure(ErrorCodes.MALFORMED_JSON.code, ErrorCodes.MALFORMED_JSON.message),
      unexpected: false,
    };
  }
  if (error instanceof HttpException) {
    const status = error.getStatus();
    const entry = ErrorCodes[BY_STATUS[status] ?? 'INTERNAL'];
    return {
      status: BY_STATUS[status] ? status : 500,
      body: failure(entry.code, BY_STATUS[status] ? entry.message : ErrorCodes.INTERNAL.message),
      unexpected: !BY_STATUS[status],
    };
  }
  const statusCode = (error as { statusCode?: number })?.statusCode;
  if (typeof statusCode === 'number' && BY_STATUS[statusCode]) {
    const entry = ErrorCodes[BY_STATUS[statusCode]];
    return { status: statusCode, body: failure(entry.code, entry.message), unexpected: false };
  }
  return { status: 500, body: internalFailure(), unexpected: true };
}

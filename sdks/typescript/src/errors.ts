/**
 * Every failure the client reports is a MailcheckError. `code` is the service's stable numeric error
 * code from the error envelope (`{ status: 'error', error: { code, message } }`; the table is in the
 * API docs), or 0 when no answer came (network, timeout).
 */
export class MailcheckError extends Error {
  override readonly name: string = 'MailcheckError';
  constructor(
    message: string,
    /** The service's numeric error code; 0 when the service did not answer. */
    readonly code: number,
    /** The HTTP status; 0 when the service did not answer. */
    readonly status: number,
    /** The X-Request-Id of the answer, to quote to support. */
    readonly requestId?: string,
  ) {
    super(message);
  }
}

/** 400, 409, 410, 413, 422: the request cannot succeed as sent. */
export class InvalidRequestError extends MailcheckError {
  override readonly name = 'InvalidRequestError';
}
/** 401 and 403: a missing, revoked or insufficient API key. */
export class AuthenticationError extends MailcheckError {
  override readonly name = 'AuthenticationError';
}
/** 402: not enough credits. */
export class InsufficientCreditsError extends MailcheckError {
  override readonly name = 'InsufficientCreditsError';
}
/** 404: no such job, webhook or route for this account. */
export class NotFoundError extends MailcheckError {
  override readonly name = 'NotFoundError';
}
/** 429 after the retries were used up; `retryAfterSeconds` is the service's last Retry-After. */
export class RateLimitError extends MailcheckError {
  override readonly name = 'RateLimitError';
  retryAfterSeconds?: number;
}
/** 5xx after the retries were used up. */
export class ServerError extends MailcheckError {
  override readonly name = 'ServerError';
}
/** No answer: the connection failed or broke (after the retries were used up). */
export class ConnectionError extends MailcheckError {
  override readonly name = 'ConnectionError';
}
/** No answer within the timeout (after the retries were used up). */
export class TimeoutError extends MailcheckError {
  override readonly name = 'TimeoutError';
}
/** The typed error for an error answer. */
export function errorFor(status: number, code: number, message: string, requestId?: string): MailcheckError {
  const args = [message, code, status, requestId] as const;
  if (status === 401 || status === 403) return new AuthenticationError(...args);
  if (status === 402) return new InsufficientCreditsError(...args);
  if (status === 404) return new NotFoundError(...args);
  if (status === 429) return new RateLimitError(...args);
  if (status >= 500) return new ServerError(...args);
  return new InvalidRequestError(...args);
}

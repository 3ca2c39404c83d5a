import { ErrorCodes, ErrorName } from './error-codes';

/**
 * An error with a stable public code. Domain code throws these; the HTTP layer maps them to the
 * envelope and status without knowing the domain.
 */
export class DomainError extends Error {
  readonly code: number;
  readonly status: number;

  constructor(
    readonly errorName: ErrorName,
    message?: string,
    readonly headers?: Record<string, string>,
    /** Facts the error envelope carries beside code and message (documented with the error's code). */
    readonly details?: Record<string, unknown>,
  ) {
    super(message ?? ErrorCodes[errorName].message);
    this.name = 'DomainError';
    this.code = ErrorCodes[errorName].code;
    this.status = ErrorCodes[errorName].status;
  }
}

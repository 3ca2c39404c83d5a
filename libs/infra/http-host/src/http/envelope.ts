import { ErrorCodes } from '@lib/common';

/** The spec's response envelope, used by every JSON response. */
export interface Envelope<T = unknown> {
  status: 'success' | 'error';
  data: T | null;
  /** Some errors carry more facts beside code and message (DomainError.details, e.g. `duplicateOf` with 3021). */
  error: ({ code: number; message: string } & Record<string, unknown>) | null;
}

export const success = <T>(data: T): Envelope<T> => ({ status: 'success', data, error: null });

export const failure = (code: number, message: string, details?: Record<string, unknown>): Envelope<null> => ({
  status: 'error',
  data: null,
  error: { ...details, code, message },
});

export const internalFailure = (): Envelope<null> => failure(ErrorCodes.INTERNAL.code, ErrorCodes.INTERNAL.message);

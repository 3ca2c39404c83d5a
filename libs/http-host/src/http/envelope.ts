import { ErrorCodes } from '@lib/common';

/** The spec's response envelope, used by every JSON response. */
export interface Envelope<T = unknown> {
  status: 'success' | 'error';
  data: T | null;
  error: { code: number; message: string } | null;
}

export const success = <T>(data: T): Envelope<T> => ({ status: 'success', data, error: null });

export const failure = (code: number, message: string): Envelope<null> => ({
  status: 'error',
  data: null,
  error: { code, message },
});

export const internalFailure = (): Envelope<null> => failure(ErrorCodes.INTERNAL.code, ErrorCodes.INTERNAL.message);

import { ApiError } from './client';
import type { UploadLimits } from './dashboard';
import { ErrorCode } from './generated/error-codes';
import { formatBytes } from '../lib/upload-limits';

type Advice = string | ((limits: UploadLimits | null) => string);

/** What the user can do about an error, by the envelope's stable code; the server's message says what happened. */
const ADVICE: Partial<Record<number, Advice>> = {
  [ErrorCode.RATE_LIMITED]: 'Wait a few seconds and try again.',
  [ErrorCode.INSUFFICIENT_CREDITS]: 'Buy credits on the Billing page, then try again.',
  [ErrorCode.FILE_TOO_LARGE]: (limits) =>
    limits ? `Split the file into parts under ${formatBytes(limits.maxUploadBytes)}.` : 'Split the file into parts.',
  [ErrorCode.TOO_MANY_EMAILS]: (limits) =>
    limits
      ? `Split the file into parts of at most ${limits.maxUniqueEmails.toLocaleString('en')} addresses.`
      : 'Split the file into parts.',
  [ErrorCode.EMAIL_COLUMN_NOT_FOUND]: 'Choose the email column in the preview.',
  [ErrorCode.JOB_FILES_PURGED]: 'Upload the file again to get fresh results.',
  [ErrorCode.NOT_SIGNED_IN]: 'Sign in again.',
  [ErrorCode.CSRF_REJECTED]: 'Reload the page and try again.',
  [ErrorCode.EMAIL_NOT_CONFIRMED]: 'Open the confirmation link we emailed you.',
};

/**
 * One sentence or two for an alert: the server's message plus advice, or a generic line for non-API
 * errors. `limits`: the server's upload limits, which the advice for an oversized list names.
 */
export function describeError(error: unknown, limits: UploadLimits | null = null): string {
  if (error instanceof ApiError) {
    const entry = ADVICE[error.code];
    const advice = typeof entry === 'function' ? entry(limits) : entry;
    const wait = error.retryAfter ? ` Retry after ${error.retryAfter} s.` : '';
    const code = error.code ? ` (code ${error.code})` : '';
    return `${error.message}${code}${advice ? ' ' + advice : ''}${advice ? '' : wait}`;
  }
  return error instanceof Error ? error.message : 'Something went wrong.';
}

import { ApiError } from './client';

/** What the user can do about an error, by the envelope's stable code; the server's message says what happened. */
const ADVICE: Record<number, string> = {
  1201: 'Wait a few seconds and try again.',
  2001: 'Buy credits on the Billing page, then try again.',
  3003: 'Split the file into parts under 50 MB.',
  3005: 'Split the file into parts of at most 500,000 addresses.',
  3006: 'Choose the email column in the preview.',
  3012: 'Upload the file again to get fresh results.',
  6001: 'Sign in again.',
  6002: 'Reload the page and try again.',
  6005: 'Open the confirmation link we emailed you.',
};

/** One sentence or two for an alert: the server's message plus advice, or a generic line for non-API errors. */
export function describeError(error: unknown): string {
  if (error instanceof ApiError) {
    const advice = ADVICE[error.code];
    const wait = error.retryAfter ? ` Retry after ${error.retryAfter} s.` : '';
    const code = error.code ? ` (code ${error.code})` : '';
    return `${error.message}${code}${advice ? ' ' + advice : ''}${advice ? '' : wait}`;
  }
  return error instanceof Error ? error.message : 'Something went wrong.';
}

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

/** Codes whose server message is written for developers: the sentence a person reads instead. */
const PLAIN: Partial<Record<number, string>> = {
  [ErrorCode.WEBHOOK_URL_INVALID]:
    'The address must be a full web address starting with https://, without a user name or password.',
};

/**
 * A class-validator message ("label: must not be blank; label: must be longer than or equal to 1
 * characters") as one plain sentence per field ("The label is required.").
 */
export function plainValidation(message: string): string {
  const byField = new Map<string, string>();
  for (const part of message.split(';').map((p) => p.trim().replace(/\.$/, ''))) {
    const match = /^([\w.[\]]+):?\s+(.*)$/.exec(part);
    if (!match) continue;
    const [, field, rule] = match;
    if (!byField.has(field)) byField.set(field, rule);
  }
  if (byField.size === 0) return 'Some of what you entered is not accepted. Check the form and try again.';
  return [...byField]
    .map(([field, rule]) => {
      const name = field.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
      const required = /blank|empty|longer than or equal to 1 character|must be a string/.test(rule);
      return required ? `The ${name} is required.` : `The ${name} ${rule}.`;
    })
    .join(' ');
}

export interface DescribedError {
  /** What happened and what to do, in plain sentences. */
  text: string;
  /** The server's own words and the code, for support (shown behind a "Details" toggle); null when there is none. */
  details: string | null;
}

/**
 * An error as an alert shows it. `limits`: the server's upload limits, which the advice for an
 * oversized list names.
 */
export function describeError(error: unknown, limits: UploadLimits | null = null): DescribedError {
  if (error instanceof ApiError) {
    const entry = ADVICE[error.code];
    const advice = typeof entry === 'function' ? entry(limits) : entry;
    const wait = error.retryAfter ? ` Retry after ${error.retryAfter} s.` : '';
    const plain =
      PLAIN[error.code] ??
      (error.code === ErrorCode.VALIDATION_FAILED ? plainValidation(error.message) : error.message);
    return {
      text: `${plain}${advice ? ' ' + advice : wait}`,
      details: error.code ? `${error.message} (code ${error.code})` : null,
    };
  }
  return { text: error instanceof Error ? error.message : 'Something went wrong.', details: null };
}

import { DomainError } from '@lib/common';

/** How long the magic 429 asks a client to wait (Retry-After, seconds). */
export const MAGIC_RETRY_AFTER_SECONDS = 1;

/**
 * The error answers of test mode, by magic name (a verification's local part, a finder lookup's first
 * domain label): the errors a client must handle on a paid call, raised where the live service raises them
 * (after the credits are held, so the hold is released and nothing is charged).
 */
const MAGIC_ERRORS: Readonly<Record<string, () => DomainError>> = {
  'insufficient-credits': () => new DomainError('INSUFFICIENT_CREDITS', 'Test mode: this magic address answers 402.'),
  // Kickbox's name for the same answer.
  'insufficient-balance': () => new DomainError('INSUFFICIENT_CREDITS', 'Test mode: this magic address answers 402.'),
  'key-credit-cap': () =>
    new DomainError('KEY_CREDIT_CAP_REACHED', "Test mode: this magic address answers the key's monthly cap (402)."),
  'too-many-requests': () =>
    new DomainError('RATE_LIMITED', 'Test mode: this magic address answers 429.', {
      'Retry-After': String(MAGIC_RETRY_AFTER_SECONDS),
    }),
  'service-unavailable': () => new DomainError('SERVICE_UNAVAILABLE', 'Test mode: this magic address answers 503.'),
};

/** The magic error names, as documented (docs/test-mode.md). */
export const MAGIC_ERROR_NAMES: readonly string[] = Object.keys(MAGIC_ERRORS);

/** The error a magic name stands for, or null. */
export function magicError(name: string): DomainError | null {
  return Object.hasOwn(MAGIC_ERRORS, name) ? MAGIC_ERRORS[name]() : null;
}

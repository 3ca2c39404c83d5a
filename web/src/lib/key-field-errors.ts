import { ApiError } from '../api/client';
import { ErrorCode } from '../api/generated/error-codes';
import type { KeyKind } from './key-kinds';
import { FIELDS_OF_KIND, KeyField, KeyFieldErrors } from './key-limits';

/** The key-form field each of the server's key refusals concerns. */
const FIELD_OF_CODE: Partial<Record<number, KeyField>> = {
  [ErrorCode.INVALID_KEY_SCOPE]: 'scopes',
  [ErrorCode.INVALID_KEY_ALLOWLIST]: 'addresses',
  [ErrorCode.INVALID_KEY_CREDIT_CAP]: 'cap',
  [ErrorCode.INVALID_KEY_KIND]: 'kind',
  [ErrorCode.INVALID_KEY_ORIGIN]: 'origins',
};

/**
 * A server refusal as an error beside the field it concerns, in the server's words (which name the
 * entry refused); null when the form shows no such field, so the page's alert shows it instead.
 */
export function keyFieldErrors(error: unknown, kind: KeyKind, formHasKind: boolean): KeyFieldErrors | null {
  if (!(error instanceof ApiError)) return null;
  const field = FIELD_OF_CODE[error.code];
  if (!field) return null;
  const shown = field === 'kind' ? formHasKind : FIELDS_OF_KIND[kind].includes(field);
  return shown ? { [field]: error.message } : null;
}

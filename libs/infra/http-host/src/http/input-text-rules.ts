import 'reflect-metadata';
import { DomainError } from '@lib/common';

const CONTROL_CHARACTER = /\p{Cc}/u; // C0 (NUL, CR, LF, TAB, ESC ...), DEL and C1

const OWN_TEXT_RULES = 'validates-own-text';

/**
 * Marks a DTO whose fields its domain validates itself (the finder: every bad contact gets 5001 naming
 * the field, alone or in a batch), so the generic control-character refusal leaves it alone.
 */
export const ValidatesOwnText = (): ClassDecorator => (target) => Reflect.defineMetadata(OWN_TEXT_RULES, true, target);

export const validatesOwnText = (type: unknown): boolean =>
  typeof type === 'function' && Reflect.getMetadata(OWN_TEXT_RULES, type) === true;

/**
 * The first field (a dotted path) whose text holds a control character, or null. No input field of the
 * API takes one: in a domain they would reach SMTP sessions, elsewhere logs, CSV downloads and the
 * event log. Linear in the value's size.
 */
export function controlCharacterField(value: unknown, at: string): string | null {
  if (typeof value === 'string') return CONTROL_CHARACTER.test(value) ? at : null;
  if (value === null || typeof value !== 'object') return null;
  const entries: Array<[string, unknown]> = Array.isArray(value)
    ? value.map((item, i) => [`${at}[${i}]`, item])
    : Object.entries(value).map(([key, item]) => [at ? `${at}.${key}` : key, item]);
  for (const [path, item] of entries) {
    const found = controlCharacterField(item, path);
    if (found) return found;
  }
  return null;
}

/** Refuses a value (a DTO, a form field) with a control character anywhere in its text: 400, code 1006, naming the field. */
export function refuseControlCharacters(value: unknown, at: string, whole: string): void {
  const field = controlCharacterField(value, at);
  if (field !== null)
    throw new DomainError(
      'VALIDATION_FAILED',
      `${field || whole} contains a control character (U+0000-U+001F or U+007F-U+009F); send printable text.`,
    );
}

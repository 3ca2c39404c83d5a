import { ErrorCodes } from '@lib/common';
import { FinderInputError, validateFinderInput, type ValidFinderInput } from '../../input/finder-input';

/** The spec's batch limit. */
export const MAX_BATCH_CONTACTS = 100;

/** A contact as echoed back: the keys the caller used, read into the camelCase names. */
export interface EchoedContact {
  firstName: unknown;
  lastName: unknown;
  domain: unknown;
}

export interface ItemError {
  code: number;
  message: string;
}

export type BatchContact =
  | { index: number; input: EchoedContact; valid: ValidFinderInput; key: string }
  | { index: number; input: EchoedContact; error: ItemError };

function pick(item: Record<string, unknown>, camel: string, snake: string): unknown {
  return item[camel] !== undefined ? item[camel] : item[snake];
}

/** Same person at the same domain, however the name was cased or spaced: looked up and charged once. */
function contactKey(valid: ValidFinderInput): string {
  const fold = (s: string | null) => (s ?? '').normalize('NFC').toLowerCase().replace(/\s+/g, ' ');
  return `${fold(valid.firstName)}|${fold(valid.lastName)}|${valid.domain}`;
}

/**
 * Reads each contact with the spec's camelCase keys or the snake_case keys its prose names
 * (first_name, last_name; camelCase wins when both are sent) and validates it on its own: a bad
 * contact becomes a per-item error (code 5001) and never fails the batch.
 */
export function readBatchContacts(contacts: readonly unknown[]): BatchContact[] {
  return contacts.map((raw, index) => {
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
      const input = { firstName: null, lastName: null, domain: null };
      return { index, input, error: { code: ErrorCodes.FINDER_INVALID_INPUT.code, message: 'contact must be an object with firstName, lastName and domain' } };
    }
    const item = raw as Record<string, unknown>;
    const input: EchoedContact = { firstName: pick(item, 'firstName', 'first_name') ?? null, lastName: pick(item, 'lastName', 'last_name') ?? null, domain: item.domain ?? null };
    try {
      const valid = validateFinderInput(input as never);
      return { index, input, valid, key: contactKey(valid) };
    } catch (error) {
      if (!(error instanceof FinderInputError)) throw error;
      return { index, input, error: { code: ErrorCodes.FINDER_INVALID_INPUT.code, message: `${error.field}: ${error.message}` } };
    }
  });
}

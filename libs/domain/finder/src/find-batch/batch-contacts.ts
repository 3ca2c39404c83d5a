import { ErrorCodes } from '@lib/common';
import { FINDER_BATCH_MAX_CONTACTS } from '@lib/config';
import { FinderInputError, validateFinderInput, type ValidFinderInput } from '../domain/input/finder-input';
import { normaliseName } from '../domain/naming/normalise-name';

/** The spec's batch limit (in @lib/config, which bounds how long a batch may hold its credits). */
export const MAX_BATCH_CONTACTS = FINDER_BATCH_MAX_CONTACTS;

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

/**
 * Same person at the same domain, however the name was written (case, spacing, accents, titles, or
 * the whole name typed into firstName): looked up and charged once, in a batch and in a finder job.
 * The key is the name as the finder reads it, so two contacts share a key exactly when they would
 * produce the same candidates.
 */
export function contactKey(valid: ValidFinderInput): string {
  const read = normaliseName(valid.firstName, valid.lastName);
  if (!read.ok) {
    const fold = (s: string | null) => (s ?? '').normalize('NFC').toLowerCase().replace(/\s+/g, ' ');
    return `raw|${fold(valid.firstName)}|${fold(valid.lastName)}|${valid.domain}`;
  }
  const { first, middleInitial, last } = read.name;
  return `${first[0]?.value ?? ''}|${middleInitial ?? ''}|${last[0]?.value ?? ''}|${valid.domain}`;
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
      return {
        index,
        input,
        error: {
          code: ErrorCodes.FINDER_INVALID_INPUT.code,
          message: 'contact must be an object with firstName, lastName and domain',
        },
      };
    }
    const item = raw as Record<string, unknown>;
    const input: EchoedContact = {
      firstName: pick(item, 'firstName', 'first_name') ?? null,
      lastName: pick(item, 'lastName', 'last_name') ?? null,
      domain: item.domain ?? null,
    };
    try {
      const valid = validateFinderInput(input as never);
      return { index, input, valid, key: contactKey(valid) };
    } catch (error) {
      if (!(error instanceof FinderInputError)) throw error;
      return {
        index,
        input,
        error: { code: ErrorCodes.FINDER_INVALID_INPUT.code, message: `${error.field}: ${error.message}` },
      };
    }
  });
}

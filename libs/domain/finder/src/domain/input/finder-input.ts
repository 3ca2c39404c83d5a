import { normaliseName } from '../naming/normalise-name';
import { normaliseDomain } from './normalise-domain';

/** What a caller asks the finder: a person (at least one of the two names) and their company's domain. */
export interface FinderInput {
  firstName?: string | null;
  lastName?: string | null;
  domain: string;
}

/** At least one of firstName and lastName is set. */
export interface ValidFinderInput {
  firstName: string | null;
  lastName: string | null;
  /** Lower-case ASCII (IDN converted), without scheme, www or path. */
  domain: string;
}

export type FinderInputField = 'firstName' | 'lastName' | 'domain';

/** Raised by the finder for input that can never be looked up; the API turns it into a 400 or a per-item error. */
export class FinderInputError extends Error {
  constructor(
    readonly field: FinderInputField,
    message: string,
  ) {
    super(message);
    this.name = 'FinderInputError';
  }
}

const CONTROL_CHARACTER = /\p{Cc}/u;

// Longer than any real name field; keeps pathological input from costing normalisation time.
const MAX_NAME_LENGTH = 200;

function checkName(value: unknown, field: FinderInputField): string | null {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return null;
  if (typeof value !== 'string') throw new FinderInputError(field, `${field} must be a string`);
  if (value.length > MAX_NAME_LENGTH)
    throw new FinderInputError(field, `${field} is longer than ${MAX_NAME_LENGTH} characters`);
  if (!/\p{L}/u.test(value)) throw new FinderInputError(field, `${field} has no letters`);
  // A name never holds control characters (NUL, tabs, line breaks): they come from broken exports and
  // would otherwise reach the event log, the learned formats and the CSV download.
  if (CONTROL_CHARACTER.test(value)) throw new FinderInputError(field, `${field} contains control characters`);
  return value.trim();
}

/**
 * Checks the input's shape and normalises the domain; throws FinderInputError naming the first bad
 * field. A contact needs a domain and at least one name (the spec's finder batch rule, applied to
 * every finder path): a last name alone still renders `last@`, a first name alone `first@`.
 */
export function validateFinderInput(input: FinderInput): ValidFinderInput {
  const firstName = checkName(input.firstName, 'firstName');
  const lastName = checkName(input.lastName, 'lastName');
  if (firstName === null && lastName === null) {
    throw new FinderInputError(
      'firstName',
      'firstName or lastName is required: a contact needs a domain and at least one name',
    );
  }
  // A name sent but holding no usable word ("(Bob)", a lastName of only "Jr." and no firstName) is
  // refused here, so single calls, batch contacts and file-job rows refuse it alike before any hold.
  // A name in a script with no romanisation is not bad input: the finder answers it untransliterable_name.
  const read = normaliseName(firstName, lastName);
  if (!read.ok && read.rejection.reason !== 'untransliterable_script')
    throw new FinderInputError(read.rejection.field, read.rejection.message);
  if (typeof input.domain !== 'string') throw new FinderInputError('domain', 'domain is required');
  // Refused, not cleaned: "acme.test>\r\nRCPT TO:<x@other.test>" must never reach a DNS query or an SMTP line.
  if (CONTROL_CHARACTER.test(input.domain)) throw new FinderInputError('domain', 'domain contains control characters');
  const domain = normaliseDomain(input.domain);
  if (!domain.ok) throw new FinderInputError('domain', domain.message);
  return { firstName, lastName, domain: domain.domain };
}

import { normaliseDomain } from './normalise-domain';

/** What a caller asks the finder: a person and their company's domain. */
export interface FinderInput {
  firstName: string;
  lastName?: string | null;
  domain: string;
}

export interface ValidFinderInput {
  firstName: string;
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

function checkName(value: unknown, field: FinderInputField, required: boolean): string | null {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
    if (required) throw new FinderInputError(field, `${field} is required`);
    return null;
  }
  if (typeof value !== 'string') throw new FinderInputError(field, `${field} must be a string`);
  if (value.length > MAX_NAME_LENGTH) throw new FinderInputError(field, `${field} is longer than ${MAX_NAME_LENGTH} characters`);
  if (!/\p{L}/u.test(value)) throw new FinderInputError(field, `${field} has no letters`);
  // A name never holds control characters (NUL, tabs, line breaks): they come from broken exports and
  // would otherwise reach the event log, the learned formats and the CSV download.
  if (CONTROL_CHARACTER.test(value)) throw new FinderInputError(field, `${field} contains control characters`);
  return value.trim();
}

/** Checks the input's shape and normalises the domain; throws FinderInputError naming the first bad field. */
export function validateFinderInput(input: FinderInput): ValidFinderInput {
  const firstName = checkName(input.firstName, 'firstName', true) as string;
  const lastName = checkName(input.lastName, 'lastName', false);
  if (typeof input.domain !== 'string') throw new FinderInputError('domain', 'domain is required');
  // Refused, not cleaned: "acme.test>\r\nRCPT TO:<x@other.test>" must never reach a DNS query or an SMTP line.
  if (CONTROL_CHARACTER.test(input.domain)) throw new FinderInputError('domain', 'domain contains control characters');
  const domain = normaliseDomain(input.domain);
  if (!domain.ok) throw new FinderInputError('domain', domain.message);
  return { firstName, lastName, domain: domain.domain };
}

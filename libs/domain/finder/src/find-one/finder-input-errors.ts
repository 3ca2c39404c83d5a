import { DomainError } from '@lib/common';
import { FinderInputError } from '../domain/input/finder-input';

/** The core's input errors as the public 400 (code 5001) naming the field; anything else passes through. */
export function toPublicInputError(error: unknown): unknown {
  return error instanceof FinderInputError
    ? new DomainError('FINDER_INVALID_INPUT', `${error.field}: ${error.message}`)
    : error;
}

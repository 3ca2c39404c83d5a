import { DomainError } from '@lib/common';
import { TRANSACTION_TYPES, TransactionType } from '@lib/ledger';

/** The `type` filter: absent means all; otherwise one of the spec's names (any letter case). */
export function parseTransactionType(value: unknown): TransactionType | null {
  if (value === undefined || value === '') return null;
  const match = TRANSACTION_TYPES.find((t) => typeof value === 'string' && t.toLowerCase() === value.toLowerCase());
  if (!match) throw new DomainError('INVALID_TRANSACTION_TYPE');
  return match;
}

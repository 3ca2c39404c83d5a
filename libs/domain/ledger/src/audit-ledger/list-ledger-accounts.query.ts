import { Query } from '@nestjs/cqrs';

/**
 * Every account that has a credit ledger, read from the event store itself (not a read model, which an
 * audit must not trust): the ids in the order their ledgers began.
 */
export class ListLedgerAccountsQuery extends Query<string[]> {}

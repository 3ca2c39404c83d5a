import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { EventStore } from '@lib/eventstore';
import { CREDIT_LEDGER_EVENT_TYPES } from '../domain/credit-ledger.events';
import { creditLedgerStream } from '../domain/credit-ledger.decider';
import { ListLedgerAccountsQuery } from './list-ledger-accounts.query';

const PAGE = 1_000;
const LEDGER_PREFIX = creditLedgerStream('');

/** Pages through the global log, ledger event types only, collecting each ledger stream's account once. */
@QueryHandler(ListLedgerAccountsQuery)
export class ListLedgerAccountsHandler implements IQueryHandler<ListLedgerAccountsQuery, string[]> {
  constructor(private readonly events: EventStore) {}

  async execute(): Promise<string[]> {
    const accounts = new Set<string>();
    let after: number | undefined;
    for (;;) {
      const page = await this.events.readAll({ after, maxCount: PAGE, eventTypes: CREDIT_LEDGER_EVENT_TYPES });
      for (const event of page)
        if (event.streamId.startsWith(LEDGER_PREFIX)) accounts.add(event.streamId.slice(LEDGER_PREFIX.length));
      if (page.length < PAGE) return [...accounts];
      after = page[page.length - 1].position;
    }
  }
}

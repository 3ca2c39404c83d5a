import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { isTestAccount } from '@lib/common';
import { EventStore } from '@lib/eventstore';
import { CREDIT_LEDGER_EVENT_TYPES } from '../domain/credit-ledger.events';
import { creditLedgerStream } from '../domain/credit-ledger.decider';
import { ListLedgerAccountsQuery } from './list-ledger-accounts.query';

const PAGE = 1_000;
const LEDGER_PREFIX = creditLedgerStream('');

/**
 * Pages through the global log, ledger event types only, collecting each live ledger stream's account once.
 * Test mode's shadow ledgers are left out: their credits are play money (docs/test-mode.md); one can still be
 * audited by its id (`ledger-replay --account test_<id>`).
 */
@QueryHandler(ListLedgerAccountsQuery)
export class ListLedgerAccountsHandler implements IQueryHandler<ListLedgerAccountsQuery, string[]> {
  constructor(private readonly events: EventStore) {}

  async execute(): Promise<string[]> {
    const accounts = new Set<string>();
    let after: number | undefined;
    for (;;) {
      const page = await this.events.readAll({ after, maxCount: PAGE, eventTypes: CREDIT_LEDGER_EVENT_TYPES });
      for (const event of page) {
        const accountId = event.streamId.slice(LEDGER_PREFIX.length);
        if (event.streamId.startsWith(LEDGER_PREFIX) && !isTestAccount(accountId)) accounts.add(accountId);
      }
      if (page.length < PAGE) return [...accounts];
      after = page[page.length - 1].position;
    }
  }
}

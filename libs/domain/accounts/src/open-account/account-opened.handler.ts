import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { EventStore } from '@lib/eventstore';
import { accountStream } from '../domain/account.decider';
import { AccountOpenedQuery } from './account-opened.query';

@QueryHandler(AccountOpenedQuery)
export class AccountOpenedHandler implements IQueryHandler<AccountOpenedQuery, boolean> {
  constructor(private readonly events: EventStore) {}

  async execute(query: AccountOpenedQuery): Promise<boolean> {
    // An account's stream starts with AccountOpened: any first event means it was opened.
    const [opened] = await this.events.readStream(accountStream(query.accountId), { maxCount: 1 });
    return opened !== undefined;
  }
}

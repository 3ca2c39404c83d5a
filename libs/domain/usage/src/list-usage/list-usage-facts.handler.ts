import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ReadStore } from '@lib/readstore';
import { USAGE_FACTS_COLLECTION, UsageFactDoc } from '../record-usage/usage-fact';
import { ListUsageFactsQuery, UsageFact } from './list-usage-facts.query';

@QueryHandler(ListUsageFactsQuery)
export class ListUsageFactsHandler implements IQueryHandler<ListUsageFactsQuery, UsageFact[]> {
  constructor(private readonly readStore: ReadStore) {}

  async execute(query: ListUsageFactsQuery): Promise<UsageFact[]> {
    const facts: UsageFact[] = [];
    for await (const { _id: _eventId, ...fact } of this.readStore
      .collection<UsageFactDoc>(USAGE_FACTS_COLLECTION)
      .stream({ filter: { accountId: query.accountId, day: { $in: [...query.days] } } }))
      facts.push(fact);
    return facts;
  }
}

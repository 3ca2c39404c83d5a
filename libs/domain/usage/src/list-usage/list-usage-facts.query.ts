import { Query } from '@nestjs/cqrs';
import type { UsageFactDoc } from '../record-usage/usage-fact';

/** One call event's contribution to an account's usage (see usage-fact.ts). */
export type UsageFact = Omit<UsageFactDoc, '_id'>;

/** The usage facts of an account on the given days (YYYY-MM-DD), in no particular order. */
export class ListUsageFactsQuery extends Query<UsageFact[]> {
  constructor(
    readonly accountId: string,
    readonly days: readonly string[],
  ) {
    super();
  }
}

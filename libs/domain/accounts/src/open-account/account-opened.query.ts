import { Query } from '@nestjs/cqrs';

/**
 * Whether the account was opened, read from its stream in the event store (not a read model), so an
 * account opened a moment ago already counts.
 */
export class AccountOpenedQuery extends Query<boolean> {
  constructor(readonly accountId: string) {
    super();
  }
}

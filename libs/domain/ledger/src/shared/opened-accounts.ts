import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { AccountOpenedQuery } from '@lib/accounts';
import { DomainError } from '@lib/common';

/** Credits may only be added to (or ordered for) an account that was opened. */
@Injectable()
export class OpenedAccounts {
  constructor(private readonly queries: QueryBus) {}

  async require(accountId: string): Promise<void> {
    if (!(await this.queries.execute(new AccountOpenedQuery(accountId)))) throw new DomainError('ACCOUNT_NOT_FOUND');
  }
}

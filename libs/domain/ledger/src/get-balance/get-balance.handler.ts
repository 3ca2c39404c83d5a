import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Clock } from '@lib/common';
import { ReadStore } from '@lib/readstore';
import { CREDIT_BALANCES_COLLECTION, CreditBalanceDoc } from './credit-balances.projection';
import { BalanceView, GetBalanceQuery } from './get-balance.query';
import { openingBalanceOf } from '../domain/test-balance';

/** The spec allows the balance to be up to 30 s old; the projector normally trails by milliseconds. */
export const BALANCE_MAX_STALENESS_SECONDS = 30;

@QueryHandler(GetBalanceQuery)
export class GetBalanceHandler implements IQueryHandler<GetBalanceQuery, BalanceView> {
  constructor(
    private readonly readStore: ReadStore,
    private readonly clock: Clock,
  ) {}

  async execute(query: GetBalanceQuery): Promise<BalanceView> {
    const doc = await this.readStore.collection<CreditBalanceDoc>(CREDIT_BALANCES_COLLECTION).get(query.accountId);
    // A ledger not used yet holds what it opens with (a test account's starting balance).
    const opening = openingBalanceOf(query.accountId);
    return {
      balance: doc?.balance ?? opening,
      held: doc?.held ?? 0,
      available: doc?.available ?? opening,
      updatedAt: doc?.asOf ?? null,
      asOf: this.clock.nowIso(),
      maxStalenessSeconds: BALANCE_MAX_STALENESS_SECONDS,
    };
  }
}

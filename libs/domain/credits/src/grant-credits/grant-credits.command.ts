import { Command } from '@nestjs/cqrs';
import type { LedgerView } from '../ledger/credit-ledger.service';

/** Adds credits outside an order (opening balance, goodwill); recorded as an Added transaction. */
export class GrantCreditsCommand extends Command<LedgerView> {
  constructor(
    readonly accountId: string,
    readonly amount: number,
    readonly reason: string,
    readonly transactionId?: string,
  ) {
    super();
  }
}

import { Command } from '@nestjs/cqrs';
import type { LedgerView } from '../shared/credit-ledger.service';

/** Sets a test account's available balance (default: the starting balance); refused for a live account. */
export class ResetTestBalanceCommand extends Command<LedgerView> {
  constructor(
    readonly accountId: string,
    readonly balance?: number,
  ) {
    super();
  }
}

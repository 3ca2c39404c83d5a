import { Command } from '@nestjs/cqrs';
import type { LedgerView } from '../shared/credit-ledger.service';

/** An admin correction (positive or negative), recorded as an Adjusted transaction with its reason. */
export class AdjustCreditsCommand extends Command<LedgerView> {
  constructor(
    readonly accountId: string,
    readonly amount: number,
    readonly reason: string,
  ) {
    super();
  }
}

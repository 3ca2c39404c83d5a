import { Command } from '@nestjs/cqrs';
import type { LedgerView } from '../shared/credit-ledger.service';

/**
 * Adds credits outside an order (an opening balance, a sign-up's trial), recorded as an Added transaction,
 * once: a grant whose `transactionId` the ledger already holds (looking back to `since`) adds nothing, so a
 * retried or redelivered grant never adds twice.
 */
export class GrantCreditsCommand extends Command<LedgerView> {
  constructor(
    readonly accountId: string,
    readonly amount: number,
    readonly reason: string,
    readonly transactionId: string,
    /** How far back the ledger is searched for the transaction: before the first time it could have been granted. */
    readonly since: string,
  ) {
    super();
  }
}

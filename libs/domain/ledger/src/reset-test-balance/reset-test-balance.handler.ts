import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TEST_STARTING_BALANCE } from '../domain/test-balance';
import { CreditLedger, LedgerView } from '../shared/credit-ledger.service';
import { ResetTestBalanceCommand } from './reset-test-balance.command';

@CommandHandler(ResetTestBalanceCommand)
export class ResetTestBalanceHandler implements ICommandHandler<ResetTestBalanceCommand, LedgerView> {
  constructor(private readonly ledger: CreditLedger) {}

  execute(command: ResetTestBalanceCommand): Promise<LedgerView> {
    return this.ledger.resetTestBalance(command.accountId, command.balance ?? TEST_STARTING_BALANCE);
  }
}

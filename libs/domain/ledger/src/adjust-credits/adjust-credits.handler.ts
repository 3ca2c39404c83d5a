import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CreditLedger, LedgerView } from '../shared/credit-ledger.service';
import { OpenedAccounts } from '../shared/opened-accounts';
import { AdjustCreditsCommand } from './adjust-credits.command';

@CommandHandler(AdjustCreditsCommand)
export class AdjustCreditsHandler implements ICommandHandler<AdjustCreditsCommand, LedgerView> {
  constructor(
    private readonly ledger: CreditLedger,
    private readonly accounts: OpenedAccounts,
  ) {}

  async execute(command: AdjustCreditsCommand): Promise<LedgerView> {
    await this.accounts.require(command.accountId);
    return this.ledger.adjust(command.accountId, command.amount, command.reason);
  }
}

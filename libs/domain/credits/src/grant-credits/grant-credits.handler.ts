import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CreditLedger, LedgerView } from '../ledger/credit-ledger.service';
import { GrantCreditsCommand } from './grant-credits.command';

@CommandHandler(GrantCreditsCommand)
export class GrantCreditsHandler implements ICommandHandler<GrantCreditsCommand, LedgerView> {
  constructor(private readonly ledger: CreditLedger) {}

  execute(command: GrantCreditsCommand): Promise<LedgerView> {
    return this.ledger.grant(
      command.accountId,
      command.amount,
      0,
      { kind: 'grant', reason: command.reason },
      command.transactionId,
    );
  }
}

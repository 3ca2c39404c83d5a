import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CreditLedger, LedgerView } from '../shared/credit-ledger.service';
import { GrantCreditsCommand } from './grant-credits.command';

@CommandHandler(GrantCreditsCommand)
export class GrantCreditsHandler implements ICommandHandler<GrantCreditsCommand, LedgerView> {
  constructor(private readonly ledger: CreditLedger) {}

  execute(command: GrantCreditsCommand): Promise<LedgerView> {
    const source = { kind: 'grant', reason: command.reason } as const;
    return this.ledger.grantOnce(command.accountId, command.amount, 0, source, command.transactionId, command.since);
  }
}

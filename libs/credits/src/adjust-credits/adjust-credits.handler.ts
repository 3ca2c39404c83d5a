import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EventStore } from '@lib/eventstore';
import { CreditLedger, LedgerView } from '../ledger/credit-ledger.service';
import { requireAccount } from '../record-order/record-order.handler';
import { AdjustCreditsCommand } from './adjust-credits.command';

@CommandHandler(AdjustCreditsCommand)
export class AdjustCreditsHandler implements ICommandHandler<AdjustCreditsCommand, LedgerView> {
  constructor(
    private readonly ledger: CreditLedger,
    private readonly events: EventStore,
  ) {}

  async execute(command: AdjustCreditsCommand): Promise<LedgerView> {
    await requireAccount(this.events, command.accountId);
    return this.ledger.adjust(command.accountId, command.amount, command.reason);
  }
}

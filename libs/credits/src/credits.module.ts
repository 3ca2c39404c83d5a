import { Module, OnModuleInit } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { ProjectionRegistry } from '@lib/platform';
import { GrantCreditsHandler } from './commands/grant-credits.handler';
import { CreditLedger } from './credit-ledger.service';
import { creditBalancesProjection } from './projection/credit-balances.projection';
import { creditTransactionsProjection } from './projection/credit-transactions.projection';

@Module({
  imports: [CqrsModule],
  providers: [CreditLedger, GrantCreditsHandler],
  exports: [CreditLedger],
})
export class CreditsModule implements OnModuleInit {
  constructor(private readonly projections: ProjectionRegistry) {}

  onModuleInit(): void {
    this.projections.register(creditBalancesProjection, creditTransactionsProjection);
  }
}

import { Module, OnModuleInit } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AccountsModule } from '@lib/accounts';
import { ProjectionRegistry } from '@lib/platform';
import { ReadStore } from '@lib/readstore';
import { AdjustCreditsHandler } from './adjust-credits/adjust-credits.handler';
import { AuditLedgerHandler } from './audit-ledger/audit-ledger.handler';
import { ListLedgerAccountsHandler } from './audit-ledger/list-ledger-accounts.handler';
import { PaidCalls } from './charge-paid-calls/paid-calls';
import { ChargingKeys } from './find-charging-key/charging-keys';
import { creditBalancesProjection } from './get-balance/credit-balances.projection';
import { GetBalanceHandler } from './get-balance/get-balance.handler';
import { GrantCreditsHandler } from './grant-credits/grant-credits.handler';
import { LEDGER_CONFIG, ledgerConfigProvider } from './ledger.config';
import { creditTransactionsProjection } from './list-transactions/credit-transactions.projection';
import { ListTransactionsHandler } from './list-transactions/list-transactions.handler';
import { ensureLedgerIndexes } from './read-model-indexes';
import { ResetTestBalanceHandler } from './reset-test-balance/reset-test-balance.handler';
import { CreditLedger } from './shared/credit-ledger.service';
import { OpenedAccounts } from './shared/opened-accounts';
import { creditOpenHoldsProjection } from './sweep-expired-holds/credit-open-holds.projection';
import { RecordedWorkCharges } from './sweep-expired-holds/recorded-work-charges';

/**
 * The credit ledger: grants, adjustments, holds and their settlement (group-committed per account), the paid
 * calls and job chunks charged through it, and the balance, transaction and open-hold read models.
 */
@Module({
  // Adjustments ask AccountOpenedQuery, job chunks GetApiKeyQuery: answered by AccountsModule.
  imports: [CqrsModule, AccountsModule],
  providers: [
    ledgerConfigProvider,
    CreditLedger,
    OpenedAccounts,
    PaidCalls,
    ChargingKeys,
    RecordedWorkCharges,
    GrantCreditsHandler,
    ResetTestBalanceHandler,
    AdjustCreditsHandler,
    GetBalanceHandler,
    ListTransactionsHandler,
    AuditLedgerHandler,
    ListLedgerAccountsHandler,
  ],
  exports: [LEDGER_CONFIG, CreditLedger, OpenedAccounts, PaidCalls, ChargingKeys, RecordedWorkCharges],
})
export class LedgerModule implements OnModuleInit {
  constructor(
    private readonly projections: ProjectionRegistry,
    private readonly readStore: ReadStore,
  ) {}

  async onModuleInit(): Promise<void> {
    this.projections.register(creditBalancesProjection, creditTransactionsProjection, creditOpenHoldsProjection);
    await ensureLedgerIndexes(this.readStore);
  }
}

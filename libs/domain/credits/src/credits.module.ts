import { Module, OnModuleInit } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AccountsModule } from '@lib/accounts';
import { ProjectionRegistry } from '@lib/platform';
import { ReadStore } from '@lib/readstore';
import { AdjustCreditsHandler } from './adjust-credits/adjust-credits.handler';
import { CreditCatalogue } from './catalogue/credit-catalogue';
import { CREDITS_CONFIG, CreditsAndPaymentsConfig, creditsConfigProvider } from './credits.config';
import { GrantCreditsHandler } from './grant-credits/grant-credits.handler';
import { ResetTestBalanceHandler } from './reset-test-balance/reset-test-balance.handler';
import { CreditLedger } from './ledger/credit-ledger.service';
import { PaidCalls } from './paid-calls/paid-calls';
import { RecordOrderHandler } from './record-order/record-order.handler';
import { creditBalancesProjection } from './get-balance/credit-balances.projection';
import { creditOpenHoldsProjection } from './holds/credit-open-holds.projection';
import { creditOrdersProjection } from './list-orders/credit-orders.projection';
import { creditTransactionsProjection } from './list-transactions/credit-transactions.projection';
import { GetBalanceHandler } from './get-balance/get-balance.handler';
import { ConfigureAutoTopupHandler, GetAutoTopupHandler } from './configure-auto-topup/configure-auto-topup.handler';
import { ListOrdersHandler } from './list-orders/list-orders.handler';
import { ListTransactionsHandler } from './list-transactions/list-transactions.handler';
import { AuditLedgerHandler } from './audit-ledger/audit-ledger.handler';
import { ListLedgerAccountsHandler } from './audit-ledger/list-ledger-accounts.handler';
import { OpenedAccounts } from './shared/opened-accounts';
import { ensureCreditIndexes } from './read-model-indexes';
import { RecordedWorkCharges } from './holds/recorded-work-charges';
import { CheckoutService } from './checkout/checkout.service';
import { AutoTopupService } from './auto-topup/auto-topup.service';
import { OrderSettlement } from './orders/order-settlement';
import { ManualPaymentProcessor } from './payments/manual-payment-processor';
import { PaymentProcessor } from './payments/payment-processor.port';
import { stripeClient, StripePaymentProcessor } from './payments/stripe-payment-processor';
import { StripeWebhooks } from './payments/stripe-webhooks';
import { ChargingKeys } from './charging-keys/charging-keys';
import { SavedPaymentMethods } from './payments/saved-payment-methods';
import { StripePaymentMethodSetup } from './payments/stripe-payment-method-setup';
import type Stripe from 'stripe';
import { Clock } from '@lib/common';
import { EventStore } from '@lib/eventstore';

const STRIPE_CLIENT = Symbol('STRIPE_CLIENT');

@Module({
  // Orders, adjustments and checkouts ask AccountOpenedQuery, job chunks GetApiKeyQuery: answered by AccountsModule.
  imports: [CqrsModule, AccountsModule],
  providers: [
    creditsConfigProvider,
    CreditLedger,
    OpenedAccounts,
    PaidCalls,
    ChargingKeys,
    RecordedWorkCharges,
    {
      provide: CreditCatalogue,
      useFactory: (config: CreditsAndPaymentsConfig) => CreditCatalogue.fromFile(config.packagesFile),
      inject: [CREDITS_CONFIG],
    },
    GrantCreditsHandler,
    ResetTestBalanceHandler,
    RecordOrderHandler,
    AdjustCreditsHandler,
    GetBalanceHandler,
    ListTransactionsHandler,
    ListOrdersHandler,
    AuditLedgerHandler,
    ListLedgerAccountsHandler,
    ConfigureAutoTopupHandler,
    GetAutoTopupHandler,
    {
      provide: STRIPE_CLIENT,
      useFactory: (config: CreditsAndPaymentsConfig) =>
        config.payments.stripe ? stripeClient(config.payments.stripe) : null,
      inject: [CREDITS_CONFIG],
    },
    {
      provide: PaymentProcessor,
      useFactory: (config: CreditsAndPaymentsConfig, stripe: Stripe | null) =>
        stripe ? new StripePaymentProcessor(stripe) : new ManualPaymentProcessor(config.payments.manualAutoConfirm),
      inject: [CREDITS_CONFIG, STRIPE_CLIENT],
    },
    {
      provide: StripePaymentMethodSetup,
      useFactory: (stripe: Stripe | null, saved: SavedPaymentMethods) => new StripePaymentMethodSetup(stripe, saved),
      inject: [STRIPE_CLIENT, SavedPaymentMethods],
    },
    {
      provide: StripeWebhooks,
      useFactory: (
        config: CreditsAndPaymentsConfig,
        stripe: Stripe | null,
        events: EventStore,
        settlement: OrderSettlement,
        setup: StripePaymentMethodSetup,
        clock: Clock,
      ) => new StripeWebhooks(stripe, config.payments.stripe?.webhookSecret ?? '', events, settlement, setup, clock),
      inject: [CREDITS_CONFIG, STRIPE_CLIENT, EventStore, OrderSettlement, StripePaymentMethodSetup, Clock],
    },
    OrderSettlement,
    CheckoutService,
    AutoTopupService,
    SavedPaymentMethods,
  ],
  exports: [
    CREDITS_CONFIG,
    CreditLedger,
    PaidCalls,
    ChargingKeys,
    CreditCatalogue,
    RecordedWorkCharges,
    CheckoutService,
    OrderSettlement,
    PaymentProcessor,
    StripeWebhooks,
    AutoTopupService,
    SavedPaymentMethods,
    StripePaymentMethodSetup,
  ],
})
export class CreditsModule implements OnModuleInit {
  constructor(
    private readonly projections: ProjectionRegistry,
    private readonly readStore: ReadStore,
  ) {}

  async onModuleInit(): Promise<void> {
    this.projections.register(
      creditBalancesProjection,
      creditTransactionsProjection,
      creditOrdersProjection,
      creditOpenHoldsProjection,
    );
    await ensureCreditIndexes(this.readStore);
  }
}

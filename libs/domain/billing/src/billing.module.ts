import { Module, OnModuleInit } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import type Stripe from 'stripe';
import { CatalogueModule } from '@lib/catalogue';
import { Clock } from '@lib/common';
import { EventStore } from '@lib/eventstore';
import { LedgerModule } from '@lib/ledger';
import { ProjectionRegistry } from '@lib/platform';
import { ReadStore } from '@lib/readstore';
import type { PaymentsConfig } from '@lib/config';
import { PAYMENTS_CONFIG, paymentsConfigProvider } from './billing.config';
import { CheckoutService } from './checkout/checkout.service';
import { ConfigureAutoTopupHandler, GetAutoTopupHandler } from './configure-auto-topup/configure-auto-topup.handler';
import { creditOrdersProjection } from './list-orders/credit-orders.projection';
import { ListOrdersHandler } from './list-orders/list-orders.handler';
import { ManualPaymentProcessor } from './manual/manual-payment-processor';
import { PaymentProcessor } from './payment-processor.port';
import { ensureOrderIndexes } from './read-model-indexes';
import { StripeWebhooks } from './receive-stripe-webhook/stripe-webhooks';
import { RecordOrderHandler } from './record-order/record-order.handler';
import { SavedPaymentMethods } from './save-payment-method/saved-payment-methods';
import { StripePaymentMethodSetup } from './save-payment-method/stripe-payment-method-setup';
import { OrderSettlement } from './settle-order/order-settlement';
import { stripeClient, StripePaymentProcessor } from './stripe/stripe-payment-processor';
import { AutoTopupService } from './trigger-auto-topup/auto-topup.service';

const STRIPE_CLIENT = Symbol('STRIPE_CLIENT');

/**
 * Buying credits: orders (checkout, an operator's record, recovery) paid through the payment processor (Stripe
 * or manual), Stripe's webhooks and saved payment methods, and automatic top-ups. A completed order's credits
 * go to the ledger; its price comes from the catalogue.
 */
@Module({
  imports: [CqrsModule, LedgerModule, CatalogueModule],
  providers: [
    paymentsConfigProvider,
    RecordOrderHandler,
    ListOrdersHandler,
    ConfigureAutoTopupHandler,
    GetAutoTopupHandler,
    {
      provide: STRIPE_CLIENT,
      useFactory: (config: PaymentsConfig) => (config.stripe ? stripeClient(config.stripe) : null),
      inject: [PAYMENTS_CONFIG],
    },
    {
      provide: PaymentProcessor,
      useFactory: (config: PaymentsConfig, stripe: Stripe | null) =>
        stripe ? new StripePaymentProcessor(stripe) : new ManualPaymentProcessor(config.manualAutoConfirm),
      inject: [PAYMENTS_CONFIG, STRIPE_CLIENT],
    },
    {
      provide: StripePaymentMethodSetup,
      useFactory: (stripe: Stripe | null, saved: SavedPaymentMethods) => new StripePaymentMethodSetup(stripe, saved),
      inject: [STRIPE_CLIENT, SavedPaymentMethods],
    },
    {
      provide: StripeWebhooks,
      useFactory: (
        config: PaymentsConfig,
        stripe: Stripe | null,
        events: EventStore,
        settlement: OrderSettlement,
        setup: StripePaymentMethodSetup,
        clock: Clock,
      ) => new StripeWebhooks(stripe, config.stripe?.webhookSecret ?? '', events, settlement, setup, clock),
      inject: [PAYMENTS_CONFIG, STRIPE_CLIENT, EventStore, OrderSettlement, StripePaymentMethodSetup, Clock],
    },
    OrderSettlement,
    CheckoutService,
    AutoTopupService,
    SavedPaymentMethods,
  ],
  exports: [
    PAYMENTS_CONFIG,
    CheckoutService,
    OrderSettlement,
    PaymentProcessor,
    StripeWebhooks,
    AutoTopupService,
    SavedPaymentMethods,
    StripePaymentMethodSetup,
  ],
})
export class BillingModule implements OnModuleInit {
  constructor(
    private readonly projections: ProjectionRegistry,
    private readonly readStore: ReadStore,
  ) {}

  async onModuleInit(): Promise<void> {
    await ensureOrderIndexes(this.readStore);
    this.projections.register(creditOrdersProjection);
  }
}

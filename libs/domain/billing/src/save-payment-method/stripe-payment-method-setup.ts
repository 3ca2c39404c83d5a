import { Injectable, Logger } from '@nestjs/common';
import type Stripe from 'stripe';
import { DomainError } from '@lib/common';
import { SavedPaymentMethods } from './saved-payment-methods';

export interface PaymentMethodSetup {
  setupIntentId: string;
  /** For Stripe.js (`confirmSetup`) in the web UI, which collects the card. */
  clientSecret: string;
}

export interface SavedPaymentMethodView {
  paymentMethodId: string;
  customerId: string;
  savedAt: string;
}

const idOf = (value: string | { id: string } | null): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

/**
 * Saving a card for automatic top-ups with Stripe: one Customer per account (created once, idempotency key
 * per account), a SetupIntent for it with `usage: off_session` whose client secret the web UI confirms
 * with Stripe.js, and the resulting PaymentMethod recorded when the setup succeeded: from the signed
 * `setup_intent.succeeded` webhook or when the UI reports the confirmation (the intent is then read back
 * from Stripe, never taken from the request). Both may arrive, in any order: the method is saved once.
 */
@Injectable()
export class StripePaymentMethodSetup {
  private readonly logger = new Logger('stripe-payment-methods');

  constructor(
    /** null when PAYMENT_PROCESSOR is not stripe: the routes answer 404 (code 2013). */
    private readonly stripe: Stripe | null,
    private readonly saved: SavedPaymentMethods,
  ) {}

  async view(accountId: string): Promise<SavedPaymentMethodView | null> {
    const { saved } = await this.saved.state(accountId);
    return saved && { paymentMethodId: saved.paymentMethodId, customerId: saved.customerId, savedAt: saved.savedAt };
  }

  async begin(accountId: string, ownerEmail: string): Promise<PaymentMethodSetup> {
    const stripe = this.requireStripe();
    const customerId = await this.customerFor(stripe, accountId, ownerEmail);
    const intent = await stripe.setupIntents.create({
      customer: customerId,
      usage: 'off_session',
      automatic_payment_methods: { enabled: true },
      metadata: { accountId },
    });
    return { setupIntentId: intent.id, clientSecret: intent.client_secret ?? '' };
  }

  /** The UI's report that Stripe.js confirmed the setup: read back from Stripe and saved if it succeeded for this account. */
  async confirm(accountId: string, setupIntentId: string): Promise<SavedPaymentMethodView> {
    const stripe = this.requireStripe();
    const intent = await this.retrieve(stripe, setupIntentId);
    if (!(await this.isOurs(accountId, intent))) throw new DomainError('SETUP_INTENT_NOT_FOUND');
    if (intent.status !== 'succeeded' || !idOf(intent.payment_method))
      throw new DomainError('SETUP_INTENT_NOT_SUCCEEDED');
    await this.record(accountId, intent);
    return (await this.view(accountId))!;
  }

  /** A signed `setup_intent.succeeded`: saved for the account in its metadata if the customer is that account's. */
  async onSetupSucceeded(intent: Stripe.SetupIntent): Promise<void> {
    const accountId = intent.metadata?.accountId;
    if (!accountId || !(await this.isOurs(accountId, intent)) || !idOf(intent.payment_method)) {
      this.logger.warn(`setup_intent.succeeded for ${intent.id} names no customer of ours; ignored`);
      return;
    }
    await this.record(accountId, intent);
  }

  private async customerFor(stripe: Stripe, accountId: string, ownerEmail: string): Promise<string> {
    const { customerId } = await this.saved.state(accountId);
    if (customerId) return customerId;
    // The key makes a repeat (a retry, a concurrent request) get the same Customer back from Stripe.
    const customer = await stripe.customers.create(
      { email: ownerEmail, metadata: { accountId } },
      { idempotencyKey: `customer-${accountId}` },
    );
    return this.saved.recordCustomer(accountId, customer.id);
  }

  private async isOurs(accountId: string, intent: Stripe.SetupIntent): Promise<boolean> {
    const { customerId } = await this.saved.state(accountId);
    return customerId !== null && idOf(intent.customer) === customerId && intent.metadata?.accountId === accountId;
  }

  private async record(accountId: string, intent: Stripe.SetupIntent): Promise<void> {
    await this.saved.saveMethod(accountId, {
      customerId: idOf(intent.customer)!,
      paymentMethodId: idOf(intent.payment_method)!,
      setupIntentId: intent.id,
    });
  }

  private async retrieve(stripe: Stripe, setupIntentId: string): Promise<Stripe.SetupIntent> {
    try {
      return await stripe.setupIntents.retrieve(setupIntentId);
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode === 404) throw new DomainError('SETUP_INTENT_NOT_FOUND');
      throw error;
    }
  }

  private requireStripe(): Stripe {
    if (!this.stripe) throw new DomainError('PAYMENT_METHOD_SETUP_UNAVAILABLE');
    return this.stripe;
  }
}

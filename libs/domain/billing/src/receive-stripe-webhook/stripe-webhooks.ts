import { Injectable, Logger } from '@nestjs/common';
import type Stripe from 'stripe';
import { Clock, DomainError } from '@lib/common';
import { EventStore, runCommand } from '@lib/eventstore';
import { OrderSettlement } from '../settle-order/order-settlement';
import { chargeIdOf } from '../stripe/stripe-payment-processor';
import { StripePaymentMethodSetup } from '../save-payment-method/stripe-payment-method-setup';
import { reportedPaymentMismatch } from '../domain/reported-payment';
import { stripeEventDecider, stripeEventStream } from '../domain/stripe-event.decider';

export interface WebhookAnswer {
  received: boolean;
  duplicate: boolean;
}

/**
 * Stripe's webhook deliveries. The Stripe-Signature header is verified (HMAC-SHA256 over the raw body
 * with the endpoint secret, 5 minutes of tolerance) before anything is read; a bad one changes
 * nothing. Stripe delivers at least once and in any order: an event id already handled is answered
 * at once, and the order decider ignores outcomes that no longer apply (a failure after success).
 * The event id is recorded only after handling, so a delivery that dies half-way is handled again.
 * `setup_intent.succeeded` saves the account's payment method for automatic top-ups. An outcome for an
 * order whose payment was never recorded (its checkout died after creating it) records the payment first.
 * An outcome is applied only to the order's own PaymentIntent, for the order's price in its currency:
 * anything else (another intent naming the order, a different amount) is logged and acknowledged, and
 * changes nothing.
 */
@Injectable()
export class StripeWebhooks {
  private readonly logger = new Logger('stripe-webhooks');

  constructor(
    /** null when PAYMENT_PROCESSOR is not stripe: the endpoint answers 404. */
    private readonly stripe: Stripe | null,
    private readonly webhookSecret: string,
    private readonly events: EventStore,
    private readonly settlement: OrderSettlement,
    private readonly paymentMethods: StripePaymentMethodSetup,
    private readonly clock: Clock,
  ) {}

  async receive(rawBody: string, signature: string | undefined): Promise<WebhookAnswer> {
    if (!this.stripe) throw new DomainError('PAYMENT_WEBHOOK_DISABLED');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature ?? '', this.webhookSecret);
    } catch {
      throw new DomainError('PAYMENT_WEBHOOK_SIGNATURE_INVALID');
    }
    const handled = await this.events.readStream(stripeEventStream(event.id), { maxCount: 1 });
    if (handled.length > 0) return { received: true, duplicate: true };
    await this.apply(event);
    await runCommand(this.events, stripeEventStream(event.id), stripeEventDecider, {
      type: 'RecordStripeEventHandled',
      eventId: event.id,
      eventType: event.type,
      at: this.clock.nowIso(),
    });
    return { received: true, duplicate: false };
  }

  private async apply(event: Stripe.Event): Promise<void> {
    if (event.type === 'setup_intent.succeeded') return this.paymentMethods.onSetupSucceeded(event.data.object);
    if (event.type !== 'payment_intent.succeeded' && event.type !== 'payment_intent.payment_failed') return;
    const intent = event.data.object;
    const orderId = intent.metadata?.orderId;
    if (!orderId || !/^[0-9]{1,20}$/.test(orderId)) {
      this.logger.warn(`${event.type} ${event.id} for ${intent.id} names no order; ignored`);
      return;
    }
    const succeeded = event.type === 'payment_intent.succeeded';
    const mismatch = reportedPaymentMismatch(await this.settlement.load(orderId), {
      paymentIntentId: intent.id,
      // What was actually collected when it succeeded; what was asked for when it failed.
      amountCents: succeeded ? (intent.amount_received ?? intent.amount) : intent.amount,
      currency: intent.currency,
    });
    if (mismatch) {
      this.logger.error(`${event.type} ${event.id} for order ${orderId} not applied: ${mismatch}`);
      return;
    }
    try {
      await this.settlement.placeReported(orderId, intent.metadata?.accountId ?? '', intent.id);
      if (succeeded) await this.settlement.complete(orderId, chargeIdOf(intent));
      else
        await this.settlement.fail(
          orderId,
          intent.last_payment_error?.message ?? intent.last_payment_error?.code ?? 'payment failed',
        );
    } catch (error) {
      // An intent of another installation sharing the Stripe account: acknowledged, so Stripe stops retrying it.
      if (!(error instanceof DomainError && error.errorName === 'ORDER_NOT_FOUND')) throw error;
      this.logger.warn(`${event.type} ${event.id}: no order ${orderId} here; ignored`);
    }
  }
}

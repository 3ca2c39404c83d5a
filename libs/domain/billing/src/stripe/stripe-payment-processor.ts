import Stripe from 'stripe';
import { CreatedPayment, PaymentOutcome, PaymentProcessor, PaymentRequest } from '../payment-processor.port';
import { ORDER_CURRENCY } from '../domain/reported-payment';

export interface StripeSettings {
  secretKey: string;
  /** Another API base (stripe-mock in tests); null: Stripe's own. */
  apiUrl: string | null;
}

export const NO_SAVED_PAYMENT_METHOD =
  'no saved payment method: add a card under Billing in the dashboard so automatic top-ups can charge it';

/** A Stripe client from settings; also what verifies webhook signatures. */
export function stripeClient(settings: StripeSettings): Stripe {
  const base = settings.apiUrl ? new URL(settings.apiUrl) : null;
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol.replace(':', '') as 'http' | 'https',
        }
      : {}),
  });
}

export function chargeIdOf(intent: Stripe.PaymentIntent): string {
  const charge = intent.latest_charge;
  return typeof charge === 'string' ? charge : (charge?.id ?? '');
}

/** Why a PaymentIntent failed, as the order's failureReason: the decline code where there is one (authentication_required, card_declined). */
export function failureReasonOf(
  error: { code?: string | null; decline_code?: string | null; message?: string | null } | null | undefined,
  fallback: string,
): string {
  if (!error) return fallback;
  const code =
    error.decline_code && error.decline_code !== error.code ? `${error.code}/${error.decline_code}` : error.code;
  return [code, error.message].filter(Boolean).join(': ') || fallback;
}

/**
 * What a PaymentIntent's status says of the order. On-session the customer is still at it in the browser
 * (another card, authentication), so only success or cancellation decide; a failed attempt arrives as
 * payment_intent.payment_failed. Off-session nobody can authenticate or pick another card, so
 * `requires_action` and `requires_payment_method` end the order.
 */
export function outcomeOf(intent: Stripe.PaymentIntent, offSession: boolean): PaymentOutcome {
  if (intent.status === 'succeeded') return { kind: 'succeeded', chargeId: chargeIdOf(intent) };
  if (intent.status === 'canceled')
    return { kind: 'failed', reason: `canceled${intent.cancellation_reason ? `: ${intent.cancellation_reason}` : ''}` };
  if (!offSession) return { kind: 'pending' };
  if (intent.status === 'requires_action')
    return {
      kind: 'failed',
      reason: 'authentication_required: the bank asks the cardholder to authenticate this payment',
    };
  if (intent.status === 'requires_payment_method')
    return { kind: 'failed', reason: failureReasonOf(intent.last_payment_error, 'payment failed') };
  return { kind: 'pending' }; // processing: the webhook tells the end
}

/**
 * Stripe PaymentIntents. On-session, the web UI collects the card with the client secret (Stripe.js) and
 * the outcome arrives by webhook (StripeWebhooks). Off-session (automatic top-up), the account's saved
 * payment method is charged at once (`off_session`, `confirm`); a decline or a bank asking for
 * authentication is the order's failure. The order id is the idempotency key, so a retried create never
 * makes a second intent, and it travels in the intent's metadata so webhooks find the order.
 */
export class StripePaymentProcessor extends PaymentProcessor {
  readonly name = 'stripe' as const;

  constructor(private readonly stripe: Stripe) {
    super();
  }

  async createPayment(request: PaymentRequest): Promise<CreatedPayment> {
    if (request.offSession) return this.chargeSavedMethod(request);
    const intent = await this.stripe.paymentIntents.create(
      {
        amount: request.amountCents,
        currency: ORDER_CURRENCY,
        description: request.description,
        metadata: { orderId: request.orderId, accountId: request.accountId },
        automatic_payment_methods: { enabled: true },
        ...(request.savedMethod ? { customer: request.savedMethod.customerId } : {}),
      },
      { idempotencyKey: `order-${request.orderId}` },
    );
    // Not confirmed here: the customer confirms in the browser and the outcome comes by webhook.
    return { paymentIntentId: intent.id, clientSecret: intent.client_secret, outcome: outcomeOf(intent, false) };
  }

  async retrievePayment(paymentIntentId: string, offSession: boolean): Promise<CreatedPayment> {
    const intent = await this.stripe.paymentIntents.retrieve(paymentIntentId);
    return { paymentIntentId, clientSecret: intent.client_secret, outcome: outcomeOf(intent, offSession) };
  }

  private async chargeSavedMethod(request: PaymentRequest): Promise<CreatedPayment> {
    if (!request.savedMethod)
      return { paymentIntentId: '', clientSecret: null, outcome: { kind: 'failed', reason: NO_SAVED_PAYMENT_METHOD } };
    try {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: request.amountCents,
          currency: ORDER_CURRENCY,
          description: request.description,
          metadata: { orderId: request.orderId, accountId: request.accountId },
          customer: request.savedMethod.customerId,
          payment_method: request.savedMethod.paymentMethodId,
          off_session: true,
          confirm: true,
        },
        { idempotencyKey: `order-${request.orderId}` },
      );
      return { paymentIntentId: intent.id, clientSecret: null, outcome: outcomeOf(intent, true) };
    } catch (error) {
      // A declined card or a bank asking for authentication answers 402 card_error with the intent it failed.
      if (!(error instanceof Stripe.errors.StripeCardError)) throw error;
      return {
        paymentIntentId: error.payment_intent?.id ?? '',
        clientSecret: null,
        outcome: { kind: 'failed', reason: failureReasonOf(error, 'card declined') },
      };
    }
  }
}

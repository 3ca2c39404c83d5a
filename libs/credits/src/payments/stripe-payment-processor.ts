import Stripe from 'stripe';
import { CreatedPayment, PaymentProcessor, PaymentRequest } from './payment-processor.port';

export interface StripeSettings {
  secretKey: string;
  /** Another API base (stripe-mock in tests); null: Stripe's own. */
  apiUrl: string | null;
}

export const OFF_SESSION_UNSUPPORTED = 'Automatic top-up through Stripe needs a saved payment method, which is not set up for this account.';

/** A Stripe client from settings; also what verifies webhook signatures. */
export function stripeClient(settings: StripeSettings): Stripe {
  const base = settings.apiUrl ? new URL(settings.apiUrl) : null;
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(base ? { host: base.hostname, port: base.port || (base.protocol === 'https:' ? 443 : 80), protocol: base.protocol.replace(':', '') as 'http' | 'https' } : {}),
  });
}

export function chargeIdOf(intent: Stripe.PaymentIntent): string {
  const charge = intent.latest_charge;
  return typeof charge === 'string' ? charge : charge?.id ?? '';
}

/**
 * Stripe PaymentIntents. The web UI collects the card with the client secret (Stripe.js); the outcome
 * arrives by webhook (StripeWebhooks). The order id is the idempotency key, so a retried create never
 * makes a second intent, and it travels in the intent's metadata so webhooks find the order.
 */
export class StripePaymentProcessor extends PaymentProcessor {
  readonly name = 'stripe' as const;

  constructor(private readonly stripe: Stripe) {
    super();
  }

  async createPayment(request: PaymentRequest): Promise<CreatedPayment> {
    // An off-session charge needs a saved payment method (Customer + SetupIntent), not collected yet:
    // refusing here makes an automatic top-up fail loudly (recorded, owner mailed) instead of waiting forever.
    if (request.offSession) throw new Error(OFF_SESSION_UNSUPPORTED);
    const intent = await this.stripe.paymentIntents.create(
      {
        amount: request.amountCents,
        currency: 'usd',
        description: request.description,
        metadata: { orderId: request.orderId, accountId: request.accountId },
        automatic_payment_methods: { enabled: true },
      },
      { idempotencyKey: `order-${request.orderId}` },
    );
    // Not confirmed here: the customer confirms in the browser and the outcome comes by webhook.
    const outcome = intent.status === 'succeeded' ? { kind: 'succeeded' as const, chargeId: chargeIdOf(intent) } : { kind: 'pending' as const };
    return { paymentIntentId: intent.id, clientSecret: intent.client_secret, outcome };
  }
}

import type { PaymentProcessorName } from '../orders/order.events';

export interface PaymentRequest {
  orderId: string;
  accountId: string;
  amountCents: number;
  description: string;
  /** An automatic top-up charged without the customer present (the saved payment method). */
  offSession: boolean;
}

export type PaymentOutcome = { kind: 'pending' } | { kind: 'succeeded'; chargeId: string } | { kind: 'failed'; reason: string };

export interface CreatedPayment {
  paymentIntentId: string;
  /** What the web UI needs to collect the payment (Stripe's client secret); null when nothing is collected there. */
  clientSecret: string | null;
  /** Known at once for some payments (manual test mode, an off-session charge); otherwise it arrives later. */
  outcome: PaymentOutcome;
}

/** The payment processor port: creates the payment for an order. Outcomes that arrive later go to OrderSettlement. */
export abstract class PaymentProcessor {
  abstract readonly name: PaymentProcessorName;

  /** Creates (and where possible confirms) the payment for an order; idempotent on the order id. */
  abstract createPayment(request: PaymentRequest): Promise<CreatedPayment>;
}

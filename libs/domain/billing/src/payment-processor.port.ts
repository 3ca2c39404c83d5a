import type { PaymentProcessorName } from './domain/order.events';

/** A payment method saved for charges made without the customer (Stripe: a Customer and its PaymentMethod). */
export interface SavedPaymentMethod {
  customerId: string;
  paymentMethodId: string;
}

export interface PaymentRequest {
  orderId: string;
  accountId: string;
  amountCents: number;
  description: string;
  /** An automatic top-up charged without the customer present, with `savedMethod`. */
  offSession: boolean;
  /** The account's saved payment method, if any; an off-session payment without one fails. */
  savedMethod: SavedPaymentMethod | null;
}

export type PaymentOutcome =
  { kind: 'pending' } | { kind: 'succeeded'; chargeId: string } | { kind: 'failed'; reason: string };

export interface CreatedPayment {
  /** The processor's payment id; '' when the processor refused before creating one. */
  paymentIntentId: string;
  /** What the web UI needs to collect the payment (Stripe's client secret); null when nothing is collected there. */
  clientSecret: string | null;
  /** Known at once for some payments (manual test mode, an off-session charge); otherwise it arrives later. */
  outcome: PaymentOutcome;
}

/**
 * The payment processor port: creates the payment for an order and tells its current state. Outcomes
 * that arrive later (webhooks, an operator) go to OrderSettlement. A refusal of the payment itself (a
 * declined card) is an outcome, `failed`; a thrown error means the processor could not be asked and
 * the caller should try again.
 */
export abstract class PaymentProcessor {
  abstract readonly name: PaymentProcessorName;

  /** Creates (and where possible confirms) the payment for an order; idempotent on the order id. */
  abstract createPayment(request: PaymentRequest): Promise<CreatedPayment>;

  /** The payment's state now, asked of the processor (a repeated checkout, order recovery). */
  abstract retrievePayment(paymentIntentId: string, offSession: boolean): Promise<CreatedPayment>;
}

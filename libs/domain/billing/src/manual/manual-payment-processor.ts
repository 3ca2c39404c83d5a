import { CreatedPayment, PaymentProcessor, PaymentRequest } from '../payment-processor.port';

const MANUAL_PREFIX = 'manual_';

/**
 * For installations without a processor: the customer pays outside (bank transfer, invoice) and an
 * operator confirms or fails the order through the admin API or CLI. With autoConfirm (a test mode,
 * MANUAL_PAYMENTS_AUTO_CONFIRM) every payment succeeds at once. Nothing is charged off-session here:
 * an automatic top-up is an order the operator (or the test mode) confirms like any other.
 */
export class ManualPaymentProcessor extends PaymentProcessor {
  readonly name = 'manual' as const;

  constructor(private readonly autoConfirm: boolean) {
    super();
  }

  async createPayment(request: PaymentRequest): Promise<CreatedPayment> {
    return this.payment(`${MANUAL_PREFIX}${request.orderId}`);
  }

  /** The operator's decision is recorded on the order itself; here only the test mode knows an outcome. */
  async retrievePayment(paymentIntentId: string): Promise<CreatedPayment> {
    return this.payment(paymentIntentId);
  }

  private payment(paymentIntentId: string): CreatedPayment {
    const orderId = paymentIntentId.slice(MANUAL_PREFIX.length);
    const outcome = this.autoConfirm
      ? { kind: 'succeeded' as const, chargeId: `manual_ch_${orderId}` }
      : { kind: 'pending' as const };
    return { paymentIntentId, clientSecret: null, outcome };
  }
}

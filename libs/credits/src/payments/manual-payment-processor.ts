import { CreatedPayment, PaymentProcessor, PaymentRequest } from './payment-processor.port';

/**
 * For installations without a processor: the customer pays outside (bank transfer, invoice) and an
 * operator confirms or fails the order through the admin API or CLI. With autoConfirm (a test mode,
 * MANUAL_PAYMENTS_AUTO_CONFIRM) every payment succeeds at once.
 */
export class ManualPaymentProcessor extends PaymentProcessor {
  readonly name = 'manual' as const;

  constructor(private readonly autoConfirm: boolean) {
    super();
  }

  async createPayment(request: PaymentRequest): Promise<CreatedPayment> {
    const paymentIntentId = `manual_${request.orderId}`;
    const outcome = this.autoConfirm ? { kind: 'succeeded' as const, chargeId: `manual_ch_${request.orderId}` } : { kind: 'pending' as const };
    return { paymentIntentId, clientSecret: null, outcome };
  }
}

import { Command } from '@nestjs/cqrs';
import type { OrderView } from '../list-orders/list-orders.query';

/**
 * Records a completed order for a catalogue package and adds its credits (admin API and CLI). `orderId`:
 * the order to record (an Idempotency-Key's bound work, so a retry finishes the same order); a new one
 * when absent. A payment reference already recorded for another order is refused (PAYMENT_REFERENCE_TAKEN).
 */
export class RecordOrderCommand extends Command<OrderView> {
  constructor(
    readonly accountId: string,
    readonly packageId: number,
    readonly promotionId: number | null,
    readonly payment: { paymentIntentId?: string; chargeId?: string; isAutoTopup?: boolean } = {},
    readonly orderId?: string,
  ) {
    super();
  }
}

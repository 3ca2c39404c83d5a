import { Command } from '@nestjs/cqrs';
import type { OrderView } from '../list-orders/list-orders.query';

/** Records a completed order for a catalogue package and adds its credits (admin API and CLI). */
export class RecordOrderCommand extends Command<OrderView> {
  constructor(
    readonly accountId: string,
    readonly packageId: number,
    readonly promotionId: number | null,
    readonly payment: { paymentIntentId?: string; chargeId?: string; isAutoTopup?: boolean } = {},
  ) {
    super();
  }
}

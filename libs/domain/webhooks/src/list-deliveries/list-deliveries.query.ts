import { Query } from '@nestjs/cqrs';
import type { Page, PageRequest } from '@lib/common';
import type { DeliveryView } from './delivery.view';

export class ListDeliveriesQuery extends Query<Page<DeliveryView>> {
  constructor(
    readonly accountId: string,
    readonly webhookId: number,
    readonly page: PageRequest,
  ) {
    super();
  }
}

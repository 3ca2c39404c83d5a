import { Controller, Get, Param, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Principal } from '@lib/accounts';
import { parsePageRequest } from '@lib/common';
import { ListDeliveriesQuery, parseWebhookId } from '@lib/webhooks';
import { ApiEnvelope, ApiErrors, ApiPageQueries } from '@lib/http-host';
import { CurrentPrincipal, RequiresScope } from '../../auth/auth.decorators';
import { AcceptsKeyKinds } from '../../auth/key-kinds';
import { WebhookIdParam } from '../shared/webhook-id.param';
import { DeliveryPageModel } from './delivery.models';

/** A webhook's delivery history with every attempt (payloads, signatures and retries: docs/webhooks.md). */
@ApiTags('webhooks')
@RequiresScope('webhooks')
@AcceptsKeyKinds('test')
@Controller('v1/webhooks')
export class ListDeliveriesController {
  constructor(private readonly queries: QueryBus) {}

  @Get(':id/deliveries')
  @WebhookIdParam()
  @ApiOperation({
    operationId: 'WebhooksController_deliveries',
    summary: 'Delivery history with every attempt, newest first',
  })
  @ApiPageQueries(20)
  @ApiEnvelope(DeliveryPageModel)
  @ApiErrors(400, 401, 404)
  deliveries(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Query('page') page?: string,
    @Query('pageSize') pageSize?: string,
  ) {
    const webhookId = parseWebhookId(id);
    return this.queries.execute(
      new ListDeliveriesQuery(principal.accountId, webhookId, parsePageRequest(page, pageSize, 20)),
    );
  }
}

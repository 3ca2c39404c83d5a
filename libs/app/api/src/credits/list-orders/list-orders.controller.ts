import { Controller, Get, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Principal } from '@lib/accounts';
import { parsePageRequest } from '@lib/common';
import { ListOrdersQuery } from '@lib/billing';
import { ApiEnvelope, ApiErrors, ApiPageQueries } from '@lib/http-host';
import { CurrentPrincipal, RequiresScope } from '../../auth/auth.decorators';
import { LiveOnly } from '../../auth/key-kinds';
import { OrderPageModel } from '../shared/order.models';

/** The caller's orders, a page at a time. */
@ApiTags('credits')
@RequiresScope('credits:read')
@LiveOnly(
  'orders are bought with real money, so test mode has none (its balance resets instead: POST /v1/credits/test-balance/reset)',
)
@Controller('v1/credits/orders')
export class ListOrdersController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  @ApiOperation({
    operationId: 'CreditsController_orders',
    summary: 'Order history, newest first (the spec’s order page wrapper)',
  })
  @ApiPageQueries(20, 'limit')
  @ApiEnvelope(OrderPageModel)
  @ApiErrors(400, 401)
  orders(@CurrentPrincipal() principal: Principal, @Query('page') page?: string, @Query('limit') limit?: string) {
    const request = parsePageRequest(page, limit, 20, 'limit');
    return this.queries.execute(new ListOrdersQuery(principal.accountId, request.page, request.pageSize));
  }
}

import { Get, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation } from '@nestjs/swagger';
import { parsePageRequest } from '@lib/common';
import { ListOrdersQuery } from '@lib/billing';
import { DashboardPrincipal } from '@lib/identity';
import { ApiEnvelope, ApiErrors, ApiPageQueries } from '@lib/http-host';
import { OrderPageModel } from '../../credits/shared/order.models';
import { CurrentUser } from '../session/dashboard.decorators';
import { DashboardController } from '../session/dashboard-controller.decorator';

/** The team's orders, for the billing page. */
@DashboardController('dashboard/v1/billing/orders')
export class DashboardListOrdersController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  @ApiOperation({
    operationId: 'DashboardBillingController_orders',
    summary: "The team's orders, newest first (Pending, Completed, Failed with failureReason)",
  })
  @ApiPageQueries(20, 'limit')
  @ApiEnvelope(OrderPageModel)
  @ApiErrors(400, 401)
  orders(@CurrentUser() user: DashboardPrincipal, @Query('page') page?: string, @Query('limit') limit?: string) {
    const request = parsePageRequest(page, limit, 20, 'limit');
    return this.queries.execute(new ListOrdersQuery(user.accountId, request.page, request.pageSize));
  }
}

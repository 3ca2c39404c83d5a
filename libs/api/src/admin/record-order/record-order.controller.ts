import { Body, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation } from '@nestjs/swagger';
import { RecordOrderCommand } from '@lib/credits';
import { ApiEnvelope, ApiErrors } from '@lib/http-host';
import { OrderModel } from '../../credits/shared/order.models';
import { AdminController } from '../shared/admin-controller.decorator';
import { RecordOrderDto } from './record-order.dto';

/** Top-ups happen outside the public API: the dashboard side records paid orders here. */
@AdminController('admin/v1/accounts/:accountId/orders')
export class RecordOrderController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @ApiOperation({
    operationId: 'AdminCreditsController_recordOrder',
    summary:
      'Record a completed order for a package: the next invoice number of the one sequence, its credits (plus bonus) added once',
  })
  @ApiEnvelope(OrderModel, 201)
  @ApiErrors(400, 401, 404)
  recordOrder(@Param('accountId') accountId: string, @Body() body: RecordOrderDto) {
    return this.commands.execute(new RecordOrderCommand(accountId, body.packageId, body.promotionId ?? null, body));
  }
}

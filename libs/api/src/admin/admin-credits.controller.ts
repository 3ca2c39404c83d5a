import { Body, Controller, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdjustCreditsCommand, RecordOrderCommand } from '@lib/credits';
import { AdminRoute } from '../auth/auth.decorators';
import { ApiEnvelope, ApiErrors } from '../docs/api-envelope.decorators';
import { OrderModel } from '../credits/credits.models';
import { AdjustedBalanceModel } from './admin.models';
import { AdjustCreditsDto, RecordOrderDto } from './admin-credits.dto';

/** Top-ups happen outside the public API: the dashboard records paid orders and corrections here. */
@ApiTags('admin')
@ApiBearerAuth('admin')
@AdminRoute()
@Controller('admin/v1/accounts/:accountId')
export class AdminCreditsController {
  constructor(private readonly commands: CommandBus) {}

  @Post('orders')
  @ApiOperation({
    summary:
      'Record a completed order for a package: the next invoice number of the one sequence, its credits (plus bonus) added once',
  })
  @ApiEnvelope(OrderModel, 201)
  @ApiErrors(400, 401, 404)
  recordOrder(@Param('accountId') accountId: string, @Body() body: RecordOrderDto) {
    return this.commands.execute(new RecordOrderCommand(accountId, body.packageId, body.promotionId ?? null, body));
  }

  @Post('adjustments')
  @ApiOperation({ summary: 'Add or remove credits with a reason (an Adjusted transaction)' })
  @ApiEnvelope(AdjustedBalanceModel, 201)
  @ApiErrors(400, 401, 404)
  async adjust(@Param('accountId') accountId: string, @Body() body: AdjustCreditsDto) {
    const view = await this.commands.execute(new AdjustCreditsCommand(accountId, body.amount, body.reason));
    return { balance: view.balance, held: view.held, available: view.available };
  }
}

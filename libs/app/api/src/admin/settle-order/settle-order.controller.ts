import { Body, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiProperty } from '@nestjs/swagger';
import { IsString, Length, Matches } from 'class-validator';
import { CheckoutService } from '@lib/billing';
import { ApiErrors } from '@lib/http-host';
import { AdminController } from '../shared/admin-controller.decorator';

export class FailOrderDto {
  @ApiProperty({ example: 'Bank transfer never arrived' })
  @IsString()
  @Length(1, 500)
  @Matches(/\S/, { message: '$property must not be blank' })
  reason!: string;
}

/** The manual payment processor's operator side: confirm (credits added once) or fail a Pending order. */
@AdminController('admin/v1/orders/:orderId')
export class SettleOrderController {
  constructor(private readonly checkout: CheckoutService) {}

  @Post('confirm')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'AdminOrdersController_confirm',
    summary:
      'Confirm a manual order as paid: Completed, invoice number issued, credits added once (repeating it changes nothing)',
  })
  @ApiErrors(400, 401, 404)
  async confirm(@Param('orderId') orderId: string) {
    const state = await this.checkout.settleManually(orderId, { kind: 'succeeded' });
    return { orderId, status: state.status };
  }

  @Post('fail')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'AdminOrdersController_fail',
    summary: 'Fail a Pending manual order with a reason (no effect on a Completed one)',
  })
  @ApiErrors(400, 401, 404)
  async fail(@Param('orderId') orderId: string, @Body() body: FailOrderDto) {
    const state = await this.checkout.settleManually(orderId, { kind: 'failed', reason: body.reason });
    return { orderId, status: state.status };
  }
}

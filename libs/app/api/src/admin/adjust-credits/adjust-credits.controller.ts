import { Body, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation } from '@nestjs/swagger';
import { AdjustCreditsCommand } from '@lib/ledger';
import { ApiEnvelope, ApiErrors } from '@lib/http-host';
import { AdminController } from '../shared/admin-controller.decorator';
import { AdjustCreditsDto } from './adjust-credits.dto';
import { AdjustedBalanceModel } from './adjusted-balance.model';

/** Corrections: credits added or removed with a reason. */
@AdminController('admin/v1/accounts/:accountId/adjustments')
export class AdjustCreditsController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @ApiOperation({
    operationId: 'AdminCreditsController_adjust',
    summary: 'Add or remove credits with a reason (an Adjusted transaction)',
  })
  @ApiEnvelope(AdjustedBalanceModel, 201)
  @ApiErrors(400, 401, 404)
  async adjust(@Param('accountId') accountId: string, @Body() body: AdjustCreditsDto) {
    const view = await this.commands.execute(new AdjustCreditsCommand(accountId, body.amount, body.reason));
    return { balance: view.balance, held: view.held, available: view.available };
  }
}

import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Principal } from '@lib/accounts';
import { ResetTestBalanceCommand, TEST_STARTING_BALANCE } from '@lib/ledger';
import { ApiEnvelope, ApiErrors } from '@lib/http-host';
import { CurrentPrincipal, RequiresScope } from '../../auth/auth.decorators';
import { AcceptsKeyKinds } from '../../auth/key-kinds';
import { ResetTestBalanceDto } from './reset-test-balance.dto';
import { TestBalanceModel } from './test-balance.model';

/** Test mode's balance back to its starting amount (or any amount): test keys only. */
@ApiTags('credits')
@RequiresScope('credits:read')
@AcceptsKeyKinds('test')
@Controller('v1/credits/test-balance/reset')
export class ResetTestBalanceController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({
    operationId: 'CreditsController_resetTestBalance',
    summary: 'Reset the test balance (test keys only)',
    description: `Test mode (docs/test-mode.md): sets the available balance of the account's test mode to \`balance\` (default ${TEST_STARTING_BALANCE}), recorded as an adjustment in the test history; credits held for test work in flight stay held. The live balance is never touched. A live key or a dashboard session gets 403 (code 1118).`,
  })
  @ApiEnvelope(TestBalanceModel)
  @ApiErrors(400, 401, 403)
  async reset(@CurrentPrincipal() principal: Principal, @Body() body: ResetTestBalanceDto): Promise<TestBalanceModel> {
    const { balance, held, available } = await this.commands.execute(
      new ResetTestBalanceCommand(principal.accountId, body?.balance),
    );
    return { balance, held, available };
  }
}

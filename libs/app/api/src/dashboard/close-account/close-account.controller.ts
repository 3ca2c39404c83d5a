import { Body, HttpCode, Post } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { DashboardPrincipal } from '@lib/identity';
import { ApiEnvelope, ApiErrors } from '@lib/http-host';
import { CurrentUser } from '../session/dashboard.decorators';
import { DashboardController } from '../session/dashboard-controller.decorator';
import { AccountClosing } from './account-closing';
import { CloseAccountDto } from './close-account.dto';
import { ClosedAccountModel } from './closed-account.model';

/** Closing the account, by its owner (docs/personal-data.md, Closing an account). */
@DashboardController('dashboard/v1/account/close')
export class CloseAccountController {
  constructor(private readonly closing: AccountClosing) {}

  @Post()
  @HttpCode(202)
  @ApiOperation({
    operationId: 'DashboardAccountController_close',
    summary:
      "Close the account (owner only, confirmed by the team's name): keys revoked, members removed, sessions ended, every personal field of the account and of its test mode erased",
  })
  @ApiEnvelope(ClosedAccountModel, 202)
  @ApiErrors(400, 401, 403, 409)
  close(@CurrentUser() user: DashboardPrincipal, @Body() body: CloseAccountDto) {
    return this.closing.close(user, body.teamName);
  }
}

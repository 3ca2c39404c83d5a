import { Get } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { DashboardPrincipal } from '@lib/identity';
import { ApiEnvelope, ApiErrors } from '@lib/http-host';
import { CurrentUser } from '../session/dashboard.decorators';
import { DashboardController } from '../session/dashboard-controller.decorator';
import { TeamKeyList } from './team-key-list';
import { TeamKeyListModel } from './team-keys.models';

/** The team's API keys (a member sees their own). */
@DashboardController('dashboard/v1/keys')
export class ListKeysController {
  constructor(private readonly keys: TeamKeyList) {}

  @Get()
  @ApiOperation({
    operationId: 'DashboardKeysController_list',
    summary: "The team's keys, newest first, with created / last-used time (to the minute) and the user who made each",
  })
  @ApiEnvelope(TeamKeyListModel)
  @ApiErrors(401)
  async list(@CurrentUser() user: DashboardPrincipal) {
    return { items: await this.keys.list(user) };
  }
}

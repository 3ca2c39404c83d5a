import { Get } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { QueryBus } from '@nestjs/cqrs';
import { DashboardPrincipal } from '@lib/identity';
import { ShowTeamQuery } from '@lib/teams';
import { ApiEnvelope, ApiErrors } from '@lib/http-host';
import { CurrentUser } from '../session/dashboard.decorators';
import { DashboardController } from '../session/dashboard-controller.decorator';
import { TeamModel } from './team.models';

/** The team sharing one balance, as its members see it. */
@DashboardController('dashboard/v1/team')
export class ShowTeamController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  @ApiOperation({
    operationId: 'DashboardTeamController_show',
    summary: 'Your team: its account and name, your role, the members',
  })
  @ApiEnvelope(TeamModel)
  @ApiErrors(401)
  show(@CurrentUser() user: DashboardPrincipal) {
    return this.queries.execute(new ShowTeamQuery(user));
  }
}

import { Get } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { QueryBus } from '@nestjs/cqrs';
import { AccountStatusQuery } from '@lib/accounts';
import { DashboardPrincipal } from '@lib/identity';
import { ApiEnvelope, ApiErrors } from '@lib/http-host';
import { CurrentUser } from '../session/dashboard.decorators';
import { DashboardController } from '../session/dashboard-controller.decorator';
import { TeamMembers } from './team-members';
import { TeamModel } from './team.models';

/** The team sharing one balance, as its members see it. */
@DashboardController('dashboard/v1/team')
export class ShowTeamController {
  constructor(
    private readonly members: TeamMembers,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  @ApiOperation({
    operationId: 'DashboardTeamController_show',
    summary: 'Your team: its account and name, your role, the members',
  })
  @ApiEnvelope(TeamModel)
  @ApiErrors(401)
  async show(@CurrentUser() user: DashboardPrincipal) {
    const { name } = await this.queries.execute(new AccountStatusQuery(user.accountId));
    return { accountId: user.accountId, name: name ?? '', role: user.role, members: await this.members.of(user) };
  }
}

import { Get, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiQuery } from '@nestjs/swagger';
import { DashboardPrincipal } from '@lib/identity';
import { TeamUsageQuery } from '@lib/teams';
import { ApiEnvelope, ApiErrors } from '@lib/http-host';
import { CurrentUser } from '../session/dashboard.decorators';
import { DashboardController } from '../session/dashboard-controller.decorator';
import { TeamUsageModel } from './team-usage.model';

/** What the team's keys and sessions used, per day, key and member. */
@DashboardController('dashboard/v1/team')
export class TeamUsageController {
  constructor(private readonly queries: QueryBus) {}

  @Get('usage')
  @ApiOperation({
    operationId: 'DashboardTeamController_usage',
    summary:
      "Daily usage (verifications, finder calls, credits, per result) and totals per key and per member; a member sees their own keys' usage",
  })
  @ApiQuery({
    name: 'days',
    required: false,
    schema: { type: 'integer', format: 'int32', minimum: 1, maximum: 90, default: 30 },
    description: '1 to 90, default 30 (ending today, UTC)',
  })
  @ApiEnvelope(TeamUsageModel)
  @ApiErrors(400, 401)
  usage(@CurrentUser() user: DashboardPrincipal, @Query('days') days?: string): Promise<TeamUsageModel> {
    // An absent `days` takes the report's default; any other text is checked by the query (NaN is refused).
    return this.queries.execute(new TeamUsageQuery(user, days === undefined ? undefined : Number(days)));
  }
}

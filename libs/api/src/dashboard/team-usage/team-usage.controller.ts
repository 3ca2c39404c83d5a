import { Get, Query } from '@nestjs/common';
import { ApiOperation, ApiQuery } from '@nestjs/swagger';
import { DashboardPrincipal } from '@lib/identity';
import { ApiEnvelope, ApiErrors } from '@lib/http-host';
import { CurrentUser } from '../session/dashboard.decorators';
import { DashboardController } from '../session/dashboard-controller.decorator';
import { TeamUsage } from './team-usage';
import { TeamUsageModel } from './team-usage.model';

/** What the team's keys and sessions used, per day, key and member. */
@DashboardController('dashboard/v1/team')
export class TeamUsageController {
  constructor(private readonly usageReport: TeamUsage) {}

  @Get('usage')
  @ApiOperation({
    operationId: 'DashboardTeamController_usage',
    summary:
      "Daily usage (verifications, finder calls, credits, per result) and totals per key and per member; a member sees their own keys' usage",
  })
  @ApiQuery({ name: 'days', required: false, type: Number, description: '1 to 90, default 30 (ending today, UTC)' })
  @ApiEnvelope(TeamUsageModel)
  @ApiErrors(400, 401)
  usage(@CurrentUser() user: DashboardPrincipal, @Query('days') days?: string): Promise<TeamUsageModel> {
    return this.usageReport.usage(user, days);
  }
}

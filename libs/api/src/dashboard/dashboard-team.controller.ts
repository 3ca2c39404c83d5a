import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { DashboardPrincipal } from '@lib/identity';
import { ApiEnvelope, ApiErrors } from '../docs/api-envelope.decorators';
import { CurrentUser, DashboardRoute } from './dashboard.decorators';
import { TokenDto } from './dashboard-auth.dto';
import { DashboardSessionGuard } from './dashboard-session.guard';
import { DashboardTeamService } from './dashboard-team.service';
import { DashboardUsageService } from './dashboard-usage.service';
import { InviteMemberDto } from './dashboard-team.dto';
import { InvitationModel, JoinedTeamModel, RemovedMemberModel, TeamModel } from './dashboard-team.models';

/** The team sharing one balance: members, invitations, removal. */
@ApiTags('dashboard')
@ApiSecurity('session')
@DashboardRoute()
@UseGuards(DashboardSessionGuard)
@Controller('dashboard/v1/team')
export class DashboardTeamController {
  constructor(
    private readonly team: DashboardTeamService,
    private readonly usageReport: DashboardUsageService,
  ) {}

  @Get('usage')
  @ApiOperation({
    summary:
      "Daily usage (verifications, finder calls, credits, per result) and totals per key and per member; a member sees their own keys' usage",
  })
  @ApiQuery({ name: 'days', required: false, type: Number, description: '1 to 90, default 30 (ending today, UTC)' })
  @ApiErrors(400, 401)
  usage(@CurrentUser() user: DashboardPrincipal, @Query('days') days?: string) {
    return this.usageReport.usage(user, days);
  }

  @Get()
  @ApiOperation({ summary: 'Your team: its account, your role, the members' })
  @ApiEnvelope(TeamModel)
  @ApiErrors(401)
  async show(@CurrentUser() user: DashboardPrincipal) {
    return { accountId: user.accountId, role: user.role, members: await this.team.members(user) };
  }

  @Post('invites')
  @ApiOperation({ summary: 'Invite someone by email (owner or admin); the mailed link is valid for 7 days' })
  @ApiEnvelope(InvitationModel, 201)
  @ApiErrors(400, 401, 403)
  invite(@CurrentUser() user: DashboardPrincipal, @Body() body: InviteMemberDto) {
    return this.team.invite(user, body.email, body.role);
  }

  @Post('invites/accept')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Join the team of a mailed invitation (signed in with the invited address); your keys then spend the team's balance",
  })
  @ApiEnvelope(JoinedTeamModel)
  @ApiErrors(400, 401, 403, 409)
  accept(@CurrentUser() user: DashboardPrincipal, @Body() body: TokenDto) {
    return this.team.accept(user, body.token);
  }

  @Delete('members/:userId')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Remove a member (owner or admin); their keys answer 401 in every process once this returns',
  })
  @ApiEnvelope(RemovedMemberModel)
  @ApiErrors(401, 403, 404)
  remove(@CurrentUser() user: DashboardPrincipal, @Param('userId') userId: string) {
    return this.team.remove(user, userId);
  }
}

import { Body, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { DashboardPrincipal } from '@lib/identity';
import { TeamInvitationsService } from '@lib/teams';
import { ApiEnvelope, ApiErrors } from '@lib/http-host';
import { CurrentUser } from '../session/dashboard.decorators';
import { DashboardController } from '../session/dashboard-controller.decorator';
import { TokenDto } from '../shared/dashboard.dto';
import { InvitationModel, JoinedTeamModel, PendingInviteListModel, RevokedInviteModel } from './invitation.models';
import { InviteMemberDto } from './invite-member.dto';

/**
 * A new member: an owner or admin invites an address, its user joins from the mailed link. Owners and
 * admins see the pending invitations and can withdraw one.
 */
@DashboardController('dashboard/v1/team/invites')
export class InviteMemberController {
  constructor(private readonly invitations: TeamInvitationsService) {}

  @Post()
  @ApiOperation({
    operationId: 'DashboardTeamController_invite',
    summary:
      'Invite someone by email (owner or admin); the mailed link is valid for 7 days; 429 past INVITES_MAX_PER_ACCOUNT a window',
  })
  @ApiEnvelope(InvitationModel, 201)
  @ApiErrors(400, 401, 403, 429)
  invite(@CurrentUser() user: DashboardPrincipal, @Body() body: InviteMemberDto) {
    return this.invitations.invite(user, body.email, body.role);
  }

  @Get()
  @ApiOperation({
    operationId: 'DashboardTeamController_listInvites',
    summary: 'Pending invitations of your team (owner or admin): not yet accepted, withdrawn or expired',
  })
  @ApiEnvelope(PendingInviteListModel)
  @ApiErrors(401, 403)
  async list(@CurrentUser() user: DashboardPrincipal) {
    return { items: await this.invitations.list(user) };
  }

  @Delete(':inviteId')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'DashboardTeamController_revokeInvite',
    summary: 'Withdraw a pending invitation (owner or admin); its mailed link no longer works',
  })
  @ApiEnvelope(RevokedInviteModel)
  @ApiErrors(401, 403, 404)
  revoke(@CurrentUser() user: DashboardPrincipal, @Param('inviteId') inviteId: string) {
    return this.invitations.revoke(user, inviteId);
  }

  @Post('accept')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'DashboardTeamController_accept',
    summary:
      "Join the team of a mailed invitation (signed in with the invited address); your keys then spend the team's balance",
  })
  @ApiEnvelope(JoinedTeamModel)
  @ApiErrors(400, 401, 403, 409)
  accept(@CurrentUser() user: DashboardPrincipal, @Body() body: TokenDto) {
    return this.invitations.accept(user, body.token);
  }
}

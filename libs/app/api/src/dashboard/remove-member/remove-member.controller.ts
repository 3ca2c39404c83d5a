import { Delete, HttpCode, Param } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { DashboardPrincipal } from '@lib/identity';
import { MemberRemovalService } from '@lib/teams';
import { ApiEnvelope, ApiErrors } from '@lib/http-host';
import { CurrentUser } from '../session/dashboard.decorators';
import { DashboardController } from '../session/dashboard-controller.decorator';
import { RemovedMemberModel } from './removed-member.model';

/** Removing a member from the team (owner or admin), with their keys. */
@DashboardController('dashboard/v1/team/members')
export class RemoveMemberController {
  constructor(private readonly removal: MemberRemovalService) {}

  @Delete(':userId')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'DashboardTeamController_remove',
    summary: 'Remove a member (owner or admin); their keys answer 401 in every process once this returns',
  })
  @ApiEnvelope(RemovedMemberModel)
  @ApiErrors(401, 403, 404)
  remove(@CurrentUser() user: DashboardPrincipal, @Param('userId') userId: string) {
    return this.removal.remove(user, userId);
  }
}

import { Delete, Get, HttpCode, Param } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { DashboardPrincipal, ListSessionsQuery, RevokeSessionCommand } from '@lib/identity';
import { ApiEnvelope, ApiErrors } from '@lib/http-host';
import { CurrentUser } from '../session/dashboard.decorators';
import { DashboardController } from '../session/dashboard-controller.decorator';
import { AcceptedModel } from '../shared/dashboard.models';
import { SessionListModel } from './sessions.models';

/** The user's open sessions: list them, revoke one. */
@DashboardController('dashboard/v1/sessions')
export class ManageSessionsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  @ApiOperation({
    operationId: 'DashboardAccountController_listSessions',
    summary: "The user's open sessions, newest first",
  })
  @ApiEnvelope(SessionListModel)
  @ApiErrors(401)
  async listSessions(@CurrentUser() user: DashboardPrincipal) {
    return { items: await this.queries.execute(new ListSessionsQuery(user.userId, user.sessionId)) };
  }

  @Delete(':sessionId')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'DashboardAccountController_revokeSession',
    summary: 'Revoke one of your sessions; it is signed out in every process once this returns',
  })
  @ApiEnvelope(AcceptedModel)
  @ApiErrors(401, 403, 404)
  async revokeSession(@CurrentUser() user: DashboardPrincipal, @Param('sessionId') sessionId: string) {
    await this.commands.execute(new RevokeSessionCommand(user.userId, sessionId));
    return { accepted: true, message: 'Session revoked.' };
  }
}

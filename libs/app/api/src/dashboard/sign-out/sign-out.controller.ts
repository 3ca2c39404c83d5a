import { HttpCode, Inject, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { DashboardPrincipal, SignOutCommand } from '@lib/identity';
import { API_CONFIG, type ApiConfig } from '../../api.config';
import { ApiEnvelope, ApiErrors } from '@lib/http-host';
import { CurrentUser } from '../session/dashboard.decorators';
import { clearCookies } from '../session/dashboard-cookies';
import { DashboardController } from '../session/dashboard-controller.decorator';
import { AcceptedModel } from '../shared/dashboard.models';

/** Signing out: the session ends on the server, and its cookies are cleared. */
@DashboardController('dashboard/v1')
export class SignOutController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {}

  @Post('sign-out')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'DashboardAccountController_signOut',
    summary: 'End this session (server-side: the cookie stops working everywhere at once)',
  })
  @ApiEnvelope(AcceptedModel)
  @ApiErrors(401, 403)
  async signOut(@CurrentUser() user: DashboardPrincipal, @Res({ passthrough: true }) reply: FastifyReply) {
    await this.commands.execute(new SignOutCommand(user.userId, user.sessionId));
    clearCookies(reply, this.config.dashboard.secureCookies);
    return { accepted: true, message: 'Signed out.' };
  }
}

import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Put, Res, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { AppConfig } from '@lib/config';
import { DashboardPrincipal, EmailChangeService, PasswordService, SessionsService } from '@lib/identity';
import { APP_CONFIG } from '@lib/platform';
import { ApiEnvelope, ApiErrors } from '../docs/api-envelope.decorators';
import { CurrentUser, DashboardRoute } from './dashboard.decorators';
import { clearCookies } from './dashboard-cookies';
import { DashboardSessionGuard } from './dashboard-session.guard';
import { ChangeEmailDto, ChangePasswordDto } from './dashboard-auth.dto';
import { AcceptedModel, DashboardUserModel, SessionListModel } from './dashboard.models';

/** The signed-in user's own profile, password, address and sessions. */
@ApiTags('dashboard')
@ApiSecurity('session')
@DashboardRoute()
@UseGuards(DashboardSessionGuard)
@Controller('dashboard/v1')
export class DashboardAccountController {
  constructor(
    private readonly sessions: SessionsService,
    private readonly passwords: PasswordService,
    private readonly emailChanges: EmailChangeService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('me')
  @ApiOperation({ summary: 'The signed-in user' })
  @ApiEnvelope(DashboardUserModel)
  @ApiErrors(401)
  me(@CurrentUser() user: DashboardPrincipal) {
    return { userId: user.userId, email: user.email, name: user.name, accountId: user.accountId, role: user.role };
  }

  @Post('sign-out')
  @HttpCode(200)
  @ApiOperation({ summary: 'End this session (server-side: the cookie stops working everywhere at once)' })
  @ApiEnvelope(AcceptedModel)
  @ApiErrors(401, 403)
  async signOut(@CurrentUser() user: DashboardPrincipal, @Res({ passthrough: true }) reply: FastifyReply) {
    await this.sessions.signOut(user.userId, user.sessionId);
    clearCookies(reply, this.config.dashboard.secureCookies);
    return { accepted: true, message: 'Signed out.' };
  }

  @Put('password')
  @ApiOperation({ summary: 'Change the password (needs the current one); every other session ends' })
  @ApiEnvelope(AcceptedModel)
  @ApiErrors(400, 401, 403)
  async changePassword(@CurrentUser() user: DashboardPrincipal, @Body() body: ChangePasswordDto) {
    await this.passwords.change(user.userId, user.sessionId, body.currentPassword, body.newPassword);
    return { accepted: true, message: 'Password changed; other sessions were signed out.' };
  }

  @Put('email')
  @HttpCode(202)
  @ApiOperation({
    summary: 'Change the sign-in address: mails a confirmation link to the new one (needs the password)',
  })
  @ApiEnvelope(AcceptedModel, 202)
  @ApiErrors(400, 401, 403)
  async changeEmail(@CurrentUser() user: DashboardPrincipal, @Body() body: ChangeEmailDto) {
    await this.emailChanges.request(user.userId, body.password, body.newEmail);
    return { accepted: true, message: 'Follow the link mailed to the new address to finish the change.' };
  }

  @Get('sessions')
  @ApiOperation({ summary: "The user's open sessions, newest first" })
  @ApiEnvelope(SessionListModel)
  @ApiErrors(401)
  async listSessions(@CurrentUser() user: DashboardPrincipal) {
    return { items: await this.sessions.list(user.userId, user.sessionId) };
  }

  @Delete('sessions/:sessionId')
  @HttpCode(200)
  @ApiOperation({ summary: 'Revoke one of your sessions; it is signed out in every process once this returns' })
  @ApiEnvelope(AcceptedModel)
  @ApiErrors(401, 403, 404)
  async revokeSession(@CurrentUser() user: DashboardPrincipal, @Param('sessionId') sessionId: string) {
    await this.sessions.revoke(user.userId, sessionId);
    return { accepted: true, message: 'Session revoked.' };
  }
}

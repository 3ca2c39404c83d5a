import { Body, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { FindUsersQuery, SignInService } from '@lib/identity';
import { API_CONFIG, type ApiConfig } from '../../api.config';
import { ApiEnvelope, ApiErrors } from '@lib/http-host';
import { Anonymous } from '../session/dashboard.decorators';
import { CSRF_COOKIE, SESSION_COOKIE, setCookies } from '../session/dashboard-cookies';
import { DashboardController } from '../session/dashboard-controller.decorator';
import { SignInDto } from './sign-in.dto';
import { SignedInModel } from './sign-in.models';

/** Signing in: the session cookie and the CSRF token bound to that session. */
@DashboardController('dashboard/v1', 'anonymous')
export class SignInController {
  constructor(
    private readonly signIns: SignInService,
    private readonly queries: QueryBus,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {}

  @Post('sign-in')
  @HttpCode(200)
  @Anonymous()
  @ApiOperation({
    operationId: 'DashboardAuthController_signIn',
    summary: 'Sign in: sets the HttpOnly session cookie and a session-bound CSRF token; 429 after repeated failures',
  })
  @ApiEnvelope(SignedInModel)
  @ApiErrors(400, 401, 403, 409, 429)
  async signIn(
    @Body() body: SignInDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const userAgent = typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : '';
    const session = await this.signIns.signIn(body.email, body.password, { address: request.ip, userAgent });
    const maxAgeSeconds = this.config.dashboard.sessionTtlHours * 3600;
    setCookies(reply, this.config.dashboard.secureCookies, [
      { name: SESSION_COOKIE, value: session.token, httpOnly: true, maxAgeSeconds },
      { name: CSRF_COOKIE, value: session.csrfToken, httpOnly: false, maxAgeSeconds },
    ]);
    const [user] = await this.queries.execute(new FindUsersQuery([session.userId]));
    return {
      user: { userId: user.userId, email: user.email, name: user.name, accountId: user.accountId },
      csrfToken: session.csrfToken,
      expiresAt: session.expiresAt,
    };
  }
}

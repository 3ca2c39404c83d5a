import { Body, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiOperation } from '@nestjs/swagger';
import { QueryBus } from '@nestjs/cqrs';
import { FindUsersQuery, RegistrationService, SignInService } from '@lib/identity';
import { AccountOpening } from '@lib/teams';
import { API_CONFIG, type ApiConfig } from '../../api.config';
import { ApiEnvelope, ApiErrors } from '@lib/http-host';
import { Anonymous } from '../session/dashboard.decorators';
import { DashboardController } from '../session/dashboard-controller.decorator';
import { EmailOnlyDto, TokenDto } from '../shared/dashboard.dto';
import { AcceptedModel, ConfirmedModel } from '../shared/dashboard.models';
import { CSRF_COOKIE, SESSION_COOKIE, setCookies } from '../session/dashboard-cookies';
import { MAYBE_SENT } from '../shared/maybe-sent';
import { SignUpDto } from './sign-up.dto';

/** Signing up: the account, the mailed confirmation link, and a new link when the first one is lost. */
@DashboardController('dashboard/v1', 'anonymous')
export class SignUpController {
  constructor(
    private readonly registration: RegistrationService,
    private readonly opening: AccountOpening,
    private readonly signIns: SignInService,
    private readonly queries: QueryBus,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {}

  @Post('sign-up')
  @HttpCode(202)
  @Anonymous()
  @ApiOperation({
    operationId: 'DashboardAuthController_signUp',
    summary: 'Sign up: mails a confirmation link; answers the same whether or not the address already has an account',
  })
  @ApiEnvelope(AcceptedModel, 202)
  @ApiErrors(400, 403, 429)
  async signUp(@Body() body: SignUpDto, @Req() request: FastifyRequest) {
    await this.registration.signUp(
      { email: body.email, password: body.password, name: body.name, company: body.company ?? '' },
      request.ip,
    );
    return MAYBE_SENT;
  }

  @Post('confirm-email')
  @HttpCode(200)
  @Anonymous()
  @ApiOperation({
    operationId: 'DashboardAuthController_confirmEmail',
    summary:
      'Confirm the address from the mailed link (works once, for 48 hours) and sign in: sets the session cookie and a session-bound CSRF token, as sign-in does',
  })
  @ApiEnvelope(ConfirmedModel)
  @ApiErrors(400, 403)
  async confirmEmail(
    @Body() body: TokenDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const account = await this.registration.confirmEmail(body.token);
    // The worker's EmailConfirmed consumer does the same if this request dies here; done at once so the account is there at sign-in.
    await this.opening.forSignUp(account.userId);
    // The single-use link has just proved the mailbox: the request that used it is signed in. A fresh session
    // (new random token and CSRF token, never one the page had before) replaces the anonymous CSRF cookie.
    const userAgent = typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : '';
    const session = await this.signIns.startSession(account.userId, { address: request.ip, userAgent });
    const maxAgeSeconds = this.config.dashboard.sessionTtlHours * 3600;
    setCookies(reply, this.config.dashboard.secureCookies, [
      { name: SESSION_COOKIE, value: session.token, httpOnly: true, maxAgeSeconds },
      { name: CSRF_COOKIE, value: session.csrfToken, httpOnly: false, maxAgeSeconds },
    ]);
    const [user] = await this.queries.execute(new FindUsersQuery([session.userId]));
    return {
      accepted: true,
      message: 'Email address confirmed: you are signed in.',
      signedIn: true,
      user: { userId: user.userId, email: user.email, name: user.name, accountId: user.accountId },
      csrfToken: session.csrfToken,
    };
  }

  @Post('resend-confirmation')
  @HttpCode(202)
  @Anonymous()
  @ApiOperation({
    operationId: 'DashboardAuthController_resendConfirmation',
    summary: 'Mail a new confirmation link to an unconfirmed address (same answer for any address)',
  })
  @ApiEnvelope(AcceptedModel, 202)
  @ApiErrors(400, 403, 429)
  async resendConfirmation(@Body() body: EmailOnlyDto, @Req() request: FastifyRequest) {
    await this.registration.resendConfirmation(body.email, request.ip);
    return MAYBE_SENT;
  }
}

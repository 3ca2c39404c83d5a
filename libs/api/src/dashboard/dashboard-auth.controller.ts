import { Body, Controller, Get, HttpCode, Inject, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppConfig } from '@lib/config';
import {
  EmailChangeService,
  newSecretToken,
  PasswordService,
  RegistrationService,
  SignInService,
  SignUpAccounts,
  UserDoc,
  USERS_COLLECTION,
} from '@lib/identity';
import { APP_CONFIG } from '@lib/platform';
import { ReadStore } from '@lib/readstore';
import { ApiEnvelope, ApiErrors } from '../docs/api-envelope.decorators';
import { Anonymous, DashboardRoute } from './dashboard.decorators';
import { CSRF_COOKIE, SESSION_COOKIE, setCookies } from './dashboard-cookies';
import { DashboardSessionGuard } from './dashboard-session.guard';
import { EmailOnlyDto, ResetPasswordDto, SignInDto, SignUpDto, TokenDto } from './dashboard-auth.dto';
import { AcceptedModel, CsrfModel, SignedInModel } from './dashboard.models';

// Answers that must not say whether an address has an account.
const MAYBE_SENT = { accepted: true, message: 'If the address can be used, a message is on its way to it.' };

/** Signing up, in and back in: the routes that need no session. Every POST needs the double-submit CSRF token. */
@ApiTags('dashboard')
@ApiSecurity({})
@DashboardRoute()
@UseGuards(DashboardSessionGuard)
@Controller('dashboard/v1')
export class DashboardAuthController {
  constructor(
    private readonly registration: RegistrationService,
    private readonly signIns: SignInService,
    private readonly passwords: PasswordService,
    private readonly emailChanges: EmailChangeService,
    private readonly signUpAccounts: SignUpAccounts,
    private readonly readStore: ReadStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('csrf')
  @Anonymous()
  @ApiOperation({
    summary: 'A CSRF token for the anonymous forms (also set as the mc_csrf cookie); send it back in X-CSRF-Token',
  })
  @ApiEnvelope(CsrfModel)
  csrf(@Res({ passthrough: true }) reply: FastifyReply) {
    const csrfToken = newSecretToken();
    setCookies(reply, this.config.dashboard.secureCookies, [
      { name: CSRF_COOKIE, value: csrfToken, httpOnly: false, maxAgeSeconds: 24 * 3600 },
    ]);
    return { csrfToken };
  }

  @Post('sign-up')
  @HttpCode(202)
  @Anonymous()
  @ApiOperation({
    summary: 'Sign up: mails a confirmation link; answers the same whether or not the address already has an account',
  })
  @ApiEnvelope(AcceptedModel, 202)
  @ApiErrors(400, 403)
  async signUp(@Body() body: SignUpDto) {
    await this.registration.signUp({
      email: body.email,
      password: body.password,
      name: body.name,
      company: body.company ?? '',
    });
    return MAYBE_SENT;
  }

  @Post('confirm-email')
  @HttpCode(200)
  @Anonymous()
  @ApiOperation({ summary: 'Confirm the address from the mailed link (works once, for 48 hours)' })
  @ApiEnvelope(AcceptedModel)
  @ApiErrors(400, 403)
  async confirmEmail(@Body() body: TokenDto) {
    const account = await this.registration.confirmEmail(body.token);
    // The worker's EmailConfirmed consumer does the same if this request dies here; done at once so the account is there at sign-in.
    await this.signUpAccounts.ensureFor(account.userId);
    return { accepted: true, message: 'Email address confirmed: you can sign in.' };
  }

  @Post('resend-confirmation')
  @HttpCode(202)
  @Anonymous()
  @ApiOperation({ summary: 'Mail a new confirmation link to an unconfirmed address (same answer for any address)' })
  @ApiEnvelope(AcceptedModel, 202)
  @ApiErrors(400, 403)
  async resendConfirmation(@Body() body: EmailOnlyDto) {
    await this.registration.resendConfirmation(body.email);
    return MAYBE_SENT;
  }

  @Post('sign-in')
  @HttpCode(200)
  @Anonymous()
  @ApiOperation({
    summary: 'Sign in: sets the HttpOnly session cookie and a session-bound CSRF token; 429 after repeated failures',
  })
  @ApiEnvelope(SignedInModel)
  @ApiErrors(400, 401, 403, 429)
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
    const user = (await this.readStore.collection<UserDoc>(USERS_COLLECTION).get(session.userId))!;
    return {
      user: { userId: user._id, email: user.email, name: user.name, accountId: user.accountId },
      csrfToken: session.csrfToken,
      expiresAt: session.expiresAt,
    };
  }

  @Post('password-reset/request')
  @HttpCode(202)
  @Anonymous()
  @ApiOperation({ summary: 'Mail a password reset link (single use, 1 hour); same answer for any address' })
  @ApiEnvelope(AcceptedModel, 202)
  @ApiErrors(400, 403)
  async requestReset(@Body() body: EmailOnlyDto) {
    await this.passwords.requestReset(body.email);
    return MAYBE_SENT;
  }

  @Post('password-reset/confirm')
  @HttpCode(200)
  @Anonymous()
  @ApiOperation({ summary: 'Set a new password from the reset link; every session of the user ends' })
  @ApiEnvelope(AcceptedModel)
  @ApiErrors(400, 403)
  async reset(@Body() body: ResetPasswordDto) {
    await this.passwords.reset(body.token, body.password);
    return { accepted: true, message: 'Password changed: sign in with the new one.' };
  }

  @Post('email-change/confirm')
  @HttpCode(200)
  @Anonymous()
  @ApiOperation({ summary: 'Confirm a new sign-in address from the link mailed to it' })
  @ApiEnvelope(AcceptedModel)
  @ApiErrors(400, 403, 409)
  async confirmEmailChange(@Body() body: TokenDto) {
    await this.emailChanges.confirm(body.token);
    return { accepted: true, message: 'Sign-in address changed.' };
  }
}

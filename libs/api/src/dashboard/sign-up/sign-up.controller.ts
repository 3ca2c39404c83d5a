import { Body, HttpCode, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ApiOperation } from '@nestjs/swagger';
import { RegistrationService, SignUpAccounts } from '@lib/identity';
import { ApiEnvelope, ApiErrors } from '@lib/http-host';
import { Anonymous } from '../session/dashboard.decorators';
import { DashboardController } from '../session/dashboard-controller.decorator';
import { EmailOnlyDto, TokenDto } from '../shared/dashboard.dto';
import { AcceptedModel } from '../shared/dashboard.models';
import { MAYBE_SENT } from '../shared/maybe-sent';
import { SignUpDto } from './sign-up.dto';

/** Signing up: the account, the mailed confirmation link, and a new link when the first one is lost. */
@DashboardController('dashboard/v1', 'anonymous')
export class SignUpController {
  constructor(
    private readonly registration: RegistrationService,
    private readonly signUpAccounts: SignUpAccounts,
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
    summary: 'Confirm the address from the mailed link (works once, for 48 hours)',
  })
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

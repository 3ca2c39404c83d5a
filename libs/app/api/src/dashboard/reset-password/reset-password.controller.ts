import { Body, HttpCode, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ApiOperation } from '@nestjs/swagger';
import { PasswordService } from '@lib/identity';
import { ApiEnvelope, ApiErrors } from '@lib/http-host';
import { Anonymous } from '../session/dashboard.decorators';
import { DashboardController } from '../session/dashboard-controller.decorator';
import { EmailOnlyDto } from '../shared/dashboard.dto';
import { AcceptedModel } from '../shared/dashboard.models';
import { MAYBE_SENT } from '../shared/maybe-sent';
import { ResetPasswordDto } from './reset-password.dto';

/** A forgotten password: the mailed reset link, then the new password. */
@DashboardController('dashboard/v1/password-reset', 'anonymous')
export class ResetPasswordController {
  constructor(private readonly passwords: PasswordService) {}

  @Post('request')
  @HttpCode(202)
  @Anonymous()
  @ApiOperation({
    operationId: 'DashboardAuthController_requestReset',
    summary: 'Mail a password reset link (single use, 1 hour); same answer for any address',
  })
  @ApiEnvelope(AcceptedModel, 202)
  @ApiErrors(400, 403, 429)
  async requestReset(@Body() body: EmailOnlyDto, @Req() request: FastifyRequest) {
    await this.passwords.requestReset(body.email, request.ip);
    return MAYBE_SENT;
  }

  @Post('confirm')
  @HttpCode(200)
  @Anonymous()
  @ApiOperation({
    operationId: 'DashboardAuthController_reset',
    summary: 'Set a new password from the reset link; every session of the user ends',
  })
  @ApiEnvelope(AcceptedModel)
  @ApiErrors(400, 403, 429)
  async reset(@Body() body: ResetPasswordDto, @Req() request: FastifyRequest) {
    await this.passwords.reset(body.token, body.password, request.ip);
    return { accepted: true, message: 'Password changed: sign in with the new one.' };
  }
}

import { Body, HttpCode, Put, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ApiOperation } from '@nestjs/swagger';
import { DashboardPrincipal, EmailChangeService } from '@lib/identity';
import { ApiEnvelope, ApiErrors } from '@lib/http-host';
import { CurrentUser } from '../session/dashboard.decorators';
import { DashboardController } from '../session/dashboard-controller.decorator';
import { AcceptedModel } from '../shared/dashboard.models';
import { ChangeEmailDto } from './change-email.dto';

/** A new sign-in address, step one: signed in, with the password; the link goes to the new address. */
@DashboardController('dashboard/v1')
export class ChangeEmailController {
  constructor(private readonly emailChanges: EmailChangeService) {}

  @Put('email')
  @HttpCode(202)
  @ApiOperation({
    operationId: 'DashboardAccountController_changeEmail',
    summary: 'Change the sign-in address: mails a confirmation link to the new one (needs the password)',
  })
  @ApiEnvelope(AcceptedModel, 202)
  @ApiErrors(400, 401, 403, 429)
  async changeEmail(
    @CurrentUser() user: DashboardPrincipal,
    @Body() body: ChangeEmailDto,
    @Req() request: FastifyRequest,
  ) {
    await this.emailChanges.request(user.userId, body.password, body.newEmail, request.ip);
    return { accepted: true, message: 'Follow the link mailed to the new address to finish the change.' };
  }
}

import { Body, Put, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ApiOperation } from '@nestjs/swagger';
import { DashboardPrincipal, PasswordService } from '@lib/identity';
import { ApiEnvelope, ApiErrors } from '@lib/http-host';
import { CurrentUser } from '../session/dashboard.decorators';
import { DashboardController } from '../session/dashboard-controller.decorator';
import { AcceptedModel } from '../shared/dashboard.models';
import { ChangePasswordDto } from './change-password.dto';

/** A new password, given the current one; the user's other sessions end. */
@DashboardController('dashboard/v1')
export class ChangePasswordController {
  constructor(private readonly passwords: PasswordService) {}

  @Put('password')
  @ApiOperation({
    operationId: 'DashboardAccountController_changePassword',
    summary: 'Change the password (needs the current one); every other session ends',
  })
  @ApiEnvelope(AcceptedModel)
  @ApiErrors(400, 401, 403, 429)
  async changePassword(
    @CurrentUser() user: DashboardPrincipal,
    @Body() body: ChangePasswordDto,
    @Req() request: FastifyRequest,
  ) {
    await this.passwords.change(user.userId, user.sessionId, body.currentPassword, body.newPassword, request.ip);
    return { accepted: true, message: 'Password changed; other sessions were signed out.' };
  }
}

import { Body, HttpCode, Post } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { EmailChangeService } from '@lib/identity';
import { ApiEnvelope, ApiErrors } from '@lib/http-host';
import { Anonymous } from '../session/dashboard.decorators';
import { DashboardController } from '../session/dashboard-controller.decorator';
import { TokenDto } from '../shared/dashboard.dto';
import { AcceptedModel } from '../shared/dashboard.models';

/** A new sign-in address, step two: the link mailed to it, which works without a session. */
@DashboardController('dashboard/v1/email-change', 'anonymous')
export class ConfirmEmailChangeController {
  constructor(private readonly emailChanges: EmailChangeService) {}

  @Post('confirm')
  @HttpCode(200)
  @Anonymous()
  @ApiOperation({
    operationId: 'DashboardAuthController_confirmEmailChange',
    summary: 'Confirm a new sign-in address from the link mailed to it',
  })
  @ApiEnvelope(AcceptedModel)
  @ApiErrors(400, 403, 409)
  async confirmEmailChange(@Body() body: TokenDto) {
    await this.emailChanges.confirm(body.token);
    return { accepted: true, message: 'Sign-in address changed.' };
  }
}

import { Get } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { DashboardPrincipal } from '@lib/identity';
import { ApiEnvelope, ApiErrors } from '@lib/http-host';
import { CurrentUser } from '../session/dashboard.decorators';
import { DashboardController } from '../session/dashboard-controller.decorator';
import { DashboardUserModel } from '../shared/dashboard.models';

/** Who is signed in: what the web app shows and which team's balance it spends. */
@DashboardController('dashboard/v1')
export class CurrentUserController {
  @Get('me')
  @ApiOperation({ operationId: 'DashboardAccountController_me', summary: 'The signed-in user' })
  @ApiEnvelope(DashboardUserModel)
  @ApiErrors(401)
  me(@CurrentUser() user: DashboardPrincipal) {
    return { userId: user.userId, email: user.email, name: user.name, accountId: user.accountId, role: user.role };
  }
}

import { HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation } from '@nestjs/swagger';
import { RotateApiKeyCommand } from '@lib/accounts';
import { DashboardPrincipal } from '@lib/identity';
import { ApiEnvelope, ApiErrors } from '@lib/http-host';
import { CurrentUser } from '../session/dashboard.decorators';
import { DashboardController } from '../session/dashboard-controller.decorator';
import { TeamKeys } from '../shared/team-keys';
import { RotatedKeyModel } from '../../shared/api-key-change.models';

/** A new secret for one of the team's keys (a member: one of their own). */
@DashboardController('dashboard/v1/keys')
export class RotateKeyController {
  constructor(
    private readonly commands: CommandBus,
    private readonly keys: TeamKeys,
  ) {}

  @Post(':keyId/rotate')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'DashboardKeysController_rotate',
    summary: 'Replace the secret (shown once); the old one stops working once this returns',
  })
  @ApiEnvelope(RotatedKeyModel)
  @ApiErrors(400, 401, 403, 404)
  async rotate(@CurrentUser() user: DashboardPrincipal, @Param('keyId') keyId: string) {
    await this.keys.require(user, keyId);
    return this.commands.execute(new RotateApiKeyCommand(keyId, user.userId));
  }
}

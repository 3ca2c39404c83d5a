import { Delete, HttpCode, Param } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation } from '@nestjs/swagger';
import { RevokeApiKeyCommand } from '@lib/accounts';
import { DashboardPrincipal } from '@lib/identity';
import { ApiEnvelope, ApiErrors } from '@lib/http-host';
import { CurrentUser } from '../session/dashboard.decorators';
import { DashboardController } from '../session/dashboard-controller.decorator';
import { TeamKeys } from '../shared/team-keys';
import { RevokedKeyModel } from '../../shared/api-key-change.models';

/** Revoking one of the team's keys (a member: one of their own). */
@DashboardController('dashboard/v1/keys')
export class RevokeKeyController {
  constructor(
    private readonly commands: CommandBus,
    private readonly keys: TeamKeys,
  ) {}

  @Delete(':keyId')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'DashboardKeysController_revoke',
    summary: 'Revoke a key; it answers 401 in every process once this returns',
  })
  @ApiEnvelope(RevokedKeyModel)
  @ApiErrors(400, 401, 403, 404)
  async revoke(@CurrentUser() user: DashboardPrincipal, @Param('keyId') keyId: string) {
    await this.keys.require(user, keyId);
    return this.commands.execute(new RevokeApiKeyCommand(keyId, user.userId));
  }
}

import { Body, Param, Patch } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation } from '@nestjs/swagger';
import { RestrictApiKeyCommand } from '@lib/accounts';
import { DashboardPrincipal } from '@lib/identity';
import { ApiEnvelope, ApiErrors } from '@lib/http-host';
import { CurrentUser } from '../session/dashboard.decorators';
import { DashboardController } from '../session/dashboard-controller.decorator';
import { TeamKeys } from '../shared/team-keys';
import { KeyRestrictionsDto, restrictionsChange } from '../../shared/key-restrictions.dto';
import { RestrictedKeyModel } from '../../shared/api-key-change.models';

/** Changing the scopes or allowlist of one of the team's keys (a member: one of their own). */
@DashboardController('dashboard/v1/keys')
export class RestrictKeyController {
  constructor(
    private readonly commands: CommandBus,
    private readonly keys: TeamKeys,
  ) {}

  @Patch(':keyId')
  @ApiOperation({
    operationId: 'DashboardKeysController_update',
    summary: "Change a key's scopes or client-address allowlist; every process applies it once this returns",
    description:
      'A field absent keeps what the key has; null lifts that limit (400: code 1111 unknown scope, 1112 bad allowlist entry).',
  })
  @ApiEnvelope(RestrictedKeyModel)
  @ApiErrors(400, 401, 403, 404)
  async update(
    @CurrentUser() user: DashboardPrincipal,
    @Param('keyId') keyId: string,
    @Body() body: KeyRestrictionsDto,
  ) {
    await this.keys.require(user, keyId);
    return this.commands.execute(new RestrictApiKeyCommand(keyId, restrictionsChange(body), user.userId));
  }
}

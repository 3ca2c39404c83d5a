import { Body, Param, Patch } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation } from '@nestjs/swagger';
import { RestrictApiKeyCommand } from '@lib/accounts';
import { ApiEnvelope, ApiErrors } from '@lib/http-host';
import { AdminController } from '../shared/admin-controller.decorator';
import { KeyRestrictionsDto, restrictionsChange } from '../../shared/key-restrictions.dto';
import { RestrictedKeyModel } from '../../shared/api-key-change.models';

/** Changing any account's key's scopes or allowlist. */
@AdminController('admin/v1/keys')
export class AdminRestrictKeyController {
  constructor(private readonly commands: CommandBus) {}

  @Patch(':keyId')
  @ApiOperation({
    operationId: 'AdminAccountsController_updateKey',
    summary: "Change a key's scopes or client-address allowlist; every process applies it once this returns",
    description:
      'A field absent keeps what the key has; null lifts that limit. Unknown scopes answer 400 (code 1111), a malformed or empty allowlist entry 400 (code 1112).',
  })
  @ApiEnvelope(RestrictedKeyModel)
  @ApiErrors(400, 404)
  async updateKey(@Param('keyId') keyId: string, @Body() body: KeyRestrictionsDto) {
    return this.commands.execute(new RestrictApiKeyCommand(keyId, restrictionsChange(body)));
  }
}

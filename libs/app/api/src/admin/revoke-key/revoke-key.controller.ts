import { Delete, HttpCode, Param } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation } from '@nestjs/swagger';
import { RevokeApiKeyCommand } from '@lib/accounts';
import { ApiEnvelope, ApiErrors } from '@lib/http-host';
import { AdminController } from '../shared/admin-controller.decorator';
import { RevokedKeyModel } from '../../shared/api-key-change.models';

/** Revoking any account's key. */
@AdminController('admin/v1/keys')
export class AdminRevokeKeyController {
  constructor(private readonly commands: CommandBus) {}

  @Delete(':keyId')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'AdminAccountsController_revokeKey',
    summary: 'Revoke a key; it fails with 401 in every process once this returns',
    description: 'Revoking a key that is already revoked answers 400 with code 1107 (API_KEY_ALREADY_REVOKED).',
  })
  @ApiEnvelope(RevokedKeyModel)
  @ApiErrors(400, 404)
  revokeKey(@Param('keyId') keyId: string) {
    return this.commands.execute(new RevokeApiKeyCommand(keyId));
  }
}

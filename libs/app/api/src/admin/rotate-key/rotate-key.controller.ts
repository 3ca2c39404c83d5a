import { HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation } from '@nestjs/swagger';
import { RotateApiKeyCommand } from '@lib/accounts';
import { ApiEnvelope, ApiErrors } from '@lib/http-host';
import { AdminController } from '../shared/admin-controller.decorator';
import { RotatedKeyModel } from '../../shared/api-key-change.models';

/** A new secret for any account's key. */
@AdminController('admin/v1/keys')
export class AdminRotateKeyController {
  constructor(private readonly commands: CommandBus) {}

  @Post(':keyId/rotate')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'AdminAccountsController_rotateKey',
    summary: 'Replace a key secret; the old secret stops working once this returns',
    description: 'Rotating a key that is already revoked answers 400 with code 1107 (API_KEY_ALREADY_REVOKED).',
  })
  @ApiEnvelope(RotatedKeyModel)
  @ApiErrors(400, 404)
  rotateKey(@Param('keyId') keyId: string) {
    return this.commands.execute(new RotateApiKeyCommand(keyId));
  }
}

import { Body, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation } from '@nestjs/swagger';
import { IssueApiKeyCommand } from '@lib/accounts';
import { ApiEnvelope, ApiErrors, ApiOptionalBody } from '@lib/http-host';
import { AccountProvisioning } from '../../provisioning/account-provisioning';
import { AdminController } from '../shared/admin-controller.decorator';
import { CreateKeyDto } from '../../shared/create-key.dto';
import { restrictionsChange } from '../../shared/key-restrictions.dto';
import { IssuedKeyModel } from './issued-key.model';

/** Another key of an account, spending its balance; it works in every process once this returns. */
@AdminController('admin/v1/accounts/:accountId/keys')
export class IssueKeyController {
  constructor(
    private readonly commands: CommandBus,
    private readonly provisioning: AccountProvisioning,
  ) {}

  @Post()
  @ApiOperation({
    operationId: 'AdminAccountsController_createKey',
    summary: "Issue a member key that spends the account owner's credits",
    description:
      'A live key by default, or a test or publishable one (`kind`). Optionally limited to scopes, client addresses, a monthly credit cap and, for a publishable key, web origins (400 with code 1111, 1112, 1113, 1115 or 1116 when one is not valid).',
  })
  @ApiOptionalBody(CreateKeyDto)
  @ApiEnvelope(IssuedKeyModel, 201)
  @ApiErrors(400, 404)
  async createKey(@Param('accountId') accountId: string, @Body() body: CreateKeyDto) {
    const restrictions = restrictionsChange(body);
    const issued = await this.commands.execute(
      new IssueApiKeyCommand(accountId, body.label ?? 'member', undefined, restrictions, body.kind),
    );
    await this.provisioning.waitForKey(issued.keyId, issued.position);
    return { keyId: issued.keyId, apiKey: issued.apiKey, kind: issued.kind, ...issued.restrictions };
  }
}

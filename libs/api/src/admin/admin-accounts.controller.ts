import { Body, Controller, Delete, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { IssueApiKeyCommand, RevokeApiKeyCommand, RotateApiKeyCommand } from '@lib/accounts';
import { AdminRoute } from '../auth/auth.decorators';
import { CreateAccountDto, CreateKeyDto } from './admin.dto';
import { AccountProvisioning } from './account-provisioning';
import { ApiEnvelope, ApiErrors, ApiOptionalBody } from '../docs/api-envelope.decorators';
import { IssuedKeyModel, OpenedAccountModel, AdminRevokedKeyModel, AdminRotatedKeyModel } from './admin.models';

/** The dashboard side: accounts and keys. Disabled entirely when ADMIN_TOKEN is unset. */
@ApiTags('admin')
@ApiBearerAuth('admin')
@AdminRoute()
@Controller('admin/v1')
export class AdminAccountsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly provisioning: AccountProvisioning,
  ) {}

  @Post('accounts')
  @ApiOperation({ summary: 'Open an account with an owner key (shown once) and optional opening credits' })
  @ApiEnvelope(OpenedAccountModel, 201)
  createAccount(@Body() body: CreateAccountDto) {
    return this.provisioning.openAccount(body.name, body.credits ?? 0);
  }

  @Post('accounts/:accountId/keys')
  @ApiOperation({ summary: "Issue a member key that spends the account owner's credits" })
  @ApiOptionalBody(CreateKeyDto)
  @ApiEnvelope(IssuedKeyModel, 201)
  @ApiErrors(404)
  async createKey(@Param('accountId') accountId: string, @Body() body: CreateKeyDto) {
    const issued = await this.commands.execute(new IssueApiKeyCommand(accountId, body.label ?? 'member'));
    await this.provisioning.waitForKey(issued.keyId, issued.position);
    return { keyId: issued.keyId, apiKey: issued.apiKey };
  }

  @Delete('keys/:keyId')
  @HttpCode(200)
  @ApiOperation({ summary: 'Revoke a key; it fails with 401 in every process once this returns' })
  @ApiEnvelope(AdminRevokedKeyModel)
  @ApiErrors(404)
  revokeKey(@Param('keyId') keyId: string) {
    return this.commands.execute(new RevokeApiKeyCommand(keyId));
  }

  @Post('keys/:keyId/rotate')
  @HttpCode(200)
  @ApiOperation({ summary: 'Replace a key secret; the old secret stops working once this returns' })
  @ApiEnvelope(AdminRotatedKeyModel)
  @ApiErrors(404)
  rotateKey(@Param('keyId') keyId: string) {
    return this.commands.execute(new RotateApiKeyCommand(keyId));
  }
}

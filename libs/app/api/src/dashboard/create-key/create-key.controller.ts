import { Body, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation } from '@nestjs/swagger';
import { IssueApiKeyCommand } from '@lib/accounts';
import { DashboardPrincipal } from '@lib/identity';
import { ApiEnvelope, ApiErrors } from '@lib/http-host';
import { AccountProvisioning } from '../../provisioning/account-provisioning';
import { CreateKeyDto } from '../../shared/create-key.dto';
import { restrictionsChange } from '../../shared/key-restrictions.dto';
import { CurrentUser } from '../session/dashboard.decorators';
import { DashboardController } from '../session/dashboard-controller.decorator';
import { CreatedKeyModel } from './created-key.model';

/** A new key of the signed-in user that spends the team's balance, through the command the admin API uses. */
@DashboardController('dashboard/v1/keys')
export class CreateKeyController {
  constructor(
    private readonly commands: CommandBus,
    private readonly provisioning: AccountProvisioning,
  ) {}

  @Post()
  @ApiOperation({
    operationId: 'DashboardKeysController_create',
    summary: "Create a key that spends the team's balance; the secret is in this answer only",
  })
  @ApiEnvelope(CreatedKeyModel, 201)
  @ApiErrors(400, 401, 403)
  async create(@CurrentUser() user: DashboardPrincipal, @Body() body: CreateKeyDto) {
    const label = body.label ?? 'API key';
    const issued = await this.commands.execute(
      new IssueApiKeyCommand(user.accountId, label, user.userId, restrictionsChange(body), body.kind),
    );
    // The key works in every process once this returns.
    await this.provisioning.waitForKey(issued.keyId, issued.position);
    return { keyId: issued.keyId, apiKey: issued.apiKey, label, kind: issued.kind, ...issued.restrictions };
  }
}

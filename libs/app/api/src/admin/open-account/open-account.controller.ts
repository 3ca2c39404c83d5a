import { Body, Post } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { ApiEnvelope } from '@lib/http-host';
import { AccountProvisioning } from '../../provisioning/account-provisioning';
import { AdminController } from '../shared/admin-controller.decorator';
import { CreateAccountDto } from './open-account.dto';
import { OpenedAccountModel } from './opened-account.model';

/** A new customer account with its owner key and opening credits. Disabled entirely when ADMIN_TOKEN is unset. */
@AdminController('admin/v1/accounts')
export class OpenAccountController {
  constructor(private readonly provisioning: AccountProvisioning) {}

  @Post()
  @ApiOperation({
    operationId: 'AdminAccountsController_createAccount',
    summary: 'Open an account with an owner key (shown once) and optional opening credits',
  })
  @ApiEnvelope(OpenedAccountModel, 201)
  createAccount(@Body() body: CreateAccountDto) {
    return this.provisioning.openAccount(body.name, body.credits ?? 0);
  }
}

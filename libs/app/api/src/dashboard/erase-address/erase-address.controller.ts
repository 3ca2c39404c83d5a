import { Body, HttpCode, Post } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { AddressErasureRequests } from '@lib/erasure';
import { DashboardPrincipal } from '@lib/identity';
import { requireManager } from '@lib/teams';
import { ApiEnvelope, ApiErrors } from '@lib/http-host';
import { ErasureReceiptDto } from '../../erasures/erasure-receipt.dto';
import { EraseAddressDto } from '../../erasures/erase-address.dto';
import { CurrentUser } from '../session/dashboard.decorators';
import { DashboardController } from '../session/dashboard-controller.decorator';

/** A data subject's request from the dashboard: the same erasure as POST /v1/erasures, for owners and admins. */
@DashboardController('dashboard/v1/erasures')
export class DashboardEraseAddressController {
  constructor(private readonly addresses: AddressErasureRequests) {}

  @Post()
  @HttpCode(202)
  @ApiOperation({
    operationId: 'DashboardErasuresController_eraseAddress',
    summary:
      "Erase one address across the team's account (owner or admin): single and batch verifications, job rows and files; answers the receipt",
  })
  @ApiEnvelope(ErasureReceiptDto, 202)
  @ApiErrors(400, 401, 403, 409)
  erase(@CurrentUser() user: DashboardPrincipal, @Body() body: EraseAddressDto) {
    requireManager(user);
    return this.addresses.eraseAddress(user.accountId, body.address, {
      keyId: `session:${user.sessionId}`,
      userId: user.userId,
    });
  }
}

import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Principal } from '@lib/accounts';
import { AddressErasureRequests, ErasureReceipts } from '@lib/erasure';
import { ApiEnvelope, ApiErrors, ApiIdParam } from '@lib/http-host';
import { CurrentPrincipal, RequiresScope } from '../auth/auth.decorators';
import { AcceptsKeyKinds } from '../auth/key-kinds';
import { ErasureListDto, ErasureReceiptDto } from './erasure-receipt.dto';
import { EraseAddressDto } from './erase-address.dto';

/** Receipts of the account's erasures (docs/personal-data.md): what was destroyed, when, by whom. */
@ApiTags('erasures')
@RequiresScope('jobs')
@AcceptsKeyKinds('test')
@Controller('v1/erasures')
export class ErasuresController {
  constructor(
    private readonly receipts: ErasureReceipts,
    private readonly addresses: AddressErasureRequests,
  ) {}

  @Post()
  @HttpCode(202)
  @ApiOperation({
    summary:
      "A data subject's request: erases one address across the account (single and batch verifications, job rows and files); answers the receipt, done once in force everywhere",
  })
  @ApiEnvelope(ErasureReceiptDto, 202)
  @ApiErrors(400, 401, 409)
  eraseAddress(@CurrentPrincipal() principal: Principal, @Body() body: EraseAddressDto) {
    return this.addresses.eraseAddress(principal.accountId, body.address, {
      keyId: principal.keyId,
      userId: principal.userId ?? null,
    });
  }

  @Get()
  @ApiOperation({ summary: "The account's erasures, newest first" })
  @ApiEnvelope(ErasureListDto)
  @ApiErrors(401)
  async list(@CurrentPrincipal() principal: Principal) {
    return { items: await this.receipts.list(principal.accountId) };
  }

  @Get(':id')
  @ApiIdParam('Erasure id')
  @ApiOperation({
    summary:
      "An erasure's receipt, for an auditor: what it covered (a job, or an address by its keyed digest), who asked, when, how many keys were destroyed and what was removed; status done once in force everywhere",
  })
  @ApiEnvelope(ErasureReceiptDto)
  @ApiErrors(401, 404)
  get(@CurrentPrincipal() principal: Principal, @Param('id') id: string) {
    return this.receipts.get(principal.accountId, id);
  }
}

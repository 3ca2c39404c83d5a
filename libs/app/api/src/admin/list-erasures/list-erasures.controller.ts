import { Get, Param } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { ErasureReceipts } from '@lib/erasure';
import { ApiEnvelope, ApiErrors, ApiIdParam } from '@lib/http-host';
import { ErasureListDto, ErasureReceiptDto } from '../../erasures/erasure-receipt.dto';
import { AdminController } from '../shared/admin-controller.decorator';

/**
 * An account's erasure receipts for an auditor, read by the operator: a closed account's customer can no
 * longer sign in or use a key, and the receipts outlive it (they hold no personal data).
 */
@AdminController('admin/v1/accounts/:accountId/erasures')
export class AdminListErasuresController {
  constructor(private readonly receipts: ErasureReceipts) {}

  @Get()
  @ApiOperation({
    operationId: 'AdminErasuresController_list',
    summary: "An account's erasures, newest first (its closure's is `account`), open or closed",
  })
  @ApiEnvelope(ErasureListDto)
  @ApiErrors(401)
  async list(@Param('accountId') accountId: string) {
    return { items: await this.receipts.list(accountId) };
  }

  @Get(':id')
  @ApiIdParam('Erasure id')
  @ApiOperation({ operationId: 'AdminErasuresController_get', summary: "One of an account's erasure receipts" })
  @ApiEnvelope(ErasureReceiptDto)
  @ApiErrors(401, 404)
  get(@Param('accountId') accountId: string, @Param('id') id: string) {
    return this.receipts.get(accountId, id);
  }
}

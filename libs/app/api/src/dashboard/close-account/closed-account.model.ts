import { ApiProperty } from '@nestjs/swagger';
import { ErasureReceiptDto } from '../../erasures/erasure-receipt.dto';

export class ClosedAccountModel {
  @ApiProperty({ format: 'date-time' }) closedAt!: string;
  @ApiProperty({ type: 'integer', format: 'int32', description: 'Keys revoked with the closure' })
  revokedKeys!: number;
  @ApiProperty({ type: 'integer', format: 'int32', description: 'Other members removed from the team' })
  membersRemoved!: number;
  @ApiProperty({
    type: ErasureReceiptDto,
    description:
      "The account's erasure (id `account`): status done once every key is destroyed and the stores cleaned. The operator reads it later at GET /admin/v1/accounts/{accountId}/erasures",
  })
  erasure!: ErasureReceiptDto;
}

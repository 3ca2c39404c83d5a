import { ApiProperty } from '@nestjs/swagger';

export class TransactionModel {
  @ApiProperty({ example: 'tx_3f2c…' }) id!: string;
  @ApiProperty({ enum: ['Added', 'Used', 'Adjusted'] }) type!: string;
  @ApiProperty({ type: 'integer', format: 'int64', example: -1, description: 'Signed change to the balance' })
  amount!: number;
  @ApiProperty({ type: 'integer', format: 'int64', example: 969 }) balanceAfter!: number;
  @ApiProperty({ example: 'verification 7d0c…' }) description!: string;
  @ApiProperty({
    nullable: true,
    type: String,
    example: 'verification',
    description: 'order, grant, adjustment, verification, batch, job_chunk, finder …',
  })
  purpose!: string | null;
  @ApiProperty({
    nullable: true,
    type: String,
    description: 'What it paid for (verification id, batch id, order id …)',
  })
  reference!: string | null;
  @ApiProperty({ example: '2025-06-01T12:00:00.000Z' }) createdAt!: string;
}

export class TransactionPageModel {
  @ApiProperty({ type: [TransactionModel] }) items!: TransactionModel[];
  @ApiProperty({ type: 'integer', format: 'int32', example: 1 }) page!: number;
  @ApiProperty({ type: 'integer', format: 'int32', example: 20 }) pageSize!: number;
  @ApiProperty({ type: 'integer', format: 'int32', example: 57 }) total!: number;
  @ApiProperty({ type: 'integer', format: 'int32', example: 3 }) totalPages!: number;
}

import { ApiProperty } from '@nestjs/swagger';

export class BalanceModel {
  @ApiProperty({ type: 'integer', format: 'int64', example: 970 }) balance!: number;
  @ApiProperty({
    type: 'integer',
    format: 'int64',
    example: 3,
    description: 'Credits set aside for verifications in flight',
  })
  held!: number;
  @ApiProperty({
    type: 'integer',
    format: 'int64',
    example: 967,
    description: 'balance - held: what the next request can spend',
  })
  available!: number;
  @ApiProperty({
    nullable: true,
    type: String,
    example: '2025-06-01T12:00:00.000Z',
    description: 'Latest ledger change reflected here',
  })
  updatedAt!: string | null;
  @ApiProperty({ example: '2025-06-01T12:00:03.000Z', description: 'When this answer was produced' }) asOf!: string;
  @ApiProperty({
    type: 'integer',
    format: 'int32',
    example: 30,
    description: 'The figures may trail the ledger by at most this many seconds',
  })
  maxStalenessSeconds!: number;
}

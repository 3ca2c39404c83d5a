import { ApiProperty } from '@nestjs/swagger';

export class AdjustedBalanceModel {
  @ApiProperty({ type: 'integer', format: 'int64' }) balance!: number;
  @ApiProperty({ type: 'integer', format: 'int64' }) held!: number;
  @ApiProperty({ type: 'integer', format: 'int64' }) available!: number;
}

import { ApiProperty } from '@nestjs/swagger';

export class TestBalanceModel {
  @ApiProperty({ type: 'integer', format: 'int64', example: 10000 }) balance!: number;
  @ApiProperty({ type: 'integer', format: 'int64', example: 0, description: 'Credits held for test work in flight' })
  held!: number;
  @ApiProperty({ type: 'integer', format: 'int64', example: 10000, description: 'balance - held: the reset target' })
  available!: number;
}

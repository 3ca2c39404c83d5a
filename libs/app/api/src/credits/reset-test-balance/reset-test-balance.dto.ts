import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional } from 'class-validator';
import { TEST_BALANCE_MAX, TEST_STARTING_BALANCE } from '@lib/ledger';

export class ResetTestBalanceDto {
  @ApiPropertyOptional({
    type: 'integer',
    format: 'int64',
    minimum: 0,
    maximum: TEST_BALANCE_MAX,
    default: TEST_STARTING_BALANCE,
    description:
      'The available test balance after the reset. A small one (such as 5) lets a job or a batch run out of credits through the real pipeline.',
  })
  @IsOptional()
  @IsInt()
  balance?: number;
}

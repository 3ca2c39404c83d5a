import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsInt, Max, Min } from 'class-validator';

export class AutoTopupDto {
  @ApiProperty({ example: true }) @IsBoolean() enabled!: boolean;

  @ApiProperty({
    example: 500,
    description: 'When a charge takes the balance below this, one order for the package is bought',
  })
  @IsInt()
  @Min(1)
  @Max(1_000_000_000)
  thresholdCredits!: number;

  @ApiProperty({ example: 1 }) @IsInt() @Min(1) packageId!: number;
}

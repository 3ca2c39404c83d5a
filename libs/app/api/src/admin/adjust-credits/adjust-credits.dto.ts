import { ApiProperty } from '@nestjs/swagger';
import { IsInt, IsString, Length, Matches, Max, Min, NotEquals } from 'class-validator';

export class AdjustCreditsDto {
  @ApiProperty({
    type: 'integer',
    format: 'int64',
    minimum: -1_000_000_000,
    maximum: 1_000_000_000,
    not: { enum: [0] },
    example: -50,
    description: 'Signed; may not make the available balance negative',
  })
  @IsInt()
  @NotEquals(0)
  @Min(-1_000_000_000)
  @Max(1_000_000_000)
  amount!: number;

  @ApiProperty({ example: 'refund for bounced batch', minLength: 1, maxLength: 500, pattern: '\\S' })
  @IsString()
  @Length(1, 500)
  @Matches(/\S/, { message: '$property must not be blank' })
  reason!: string;
}

import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsInt, IsOptional, IsString, Length, Matches, Max, Min, NotEquals } from 'class-validator';

export class RecordOrderDto {
  @ApiProperty({ type: 'integer', format: 'int64', minimum: 1, example: 2 })
  @IsInt()
  @Min(1)
  packageId!: number;

  @ApiPropertyOptional({
    type: 'integer',
    format: 'int64',
    nullable: true,
    minimum: 1,
    example: 1,
    description: 'Must be running and cover the package (else 400 code 2007)',
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  promotionId?: number;

  @ApiPropertyOptional({
    nullable: true,
    minLength: 1,
    maxLength: 200,
    pattern: '\\S',
    description: 'Payment processor ids; default manual_<orderId>',
  })
  @IsOptional()
  @IsString()
  @Length(1, 200)
  @Matches(/\S/, { message: '$property must not be blank' })
  paymentIntentId?: string;

  @ApiPropertyOptional({ nullable: true, minLength: 1, maxLength: 200, pattern: '\\S' })
  @IsOptional()
  @IsString()
  @Length(1, 200)
  @Matches(/\S/, { message: '$property must not be blank' })
  chargeId?: string;

  @ApiPropertyOptional({ nullable: true, default: false })
  @IsOptional()
  @IsBoolean()
  isAutoTopup?: boolean;
}

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

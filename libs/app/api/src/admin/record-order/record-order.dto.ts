import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsInt, IsOptional, IsString, Length, Matches, Min } from 'class-validator';

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

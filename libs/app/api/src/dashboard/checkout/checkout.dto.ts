import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, Min } from 'class-validator';

export class CheckoutDto {
  @ApiProperty({ example: 2, description: 'A package of GET /v1/credits/packages' })
  @IsInt()
  @Min(1)
  packageId!: number;

  @ApiPropertyOptional({ example: 1, description: 'Must be running and cover the package (else 400 code 2007)' })
  @IsOptional()
  @IsInt()
  @Min(1)
  promotionId?: number;
}

export class CheckoutModel {
  @ApiProperty({ example: '3349518220705795' }) orderId!: string;
  @ApiProperty({ enum: ['Pending', 'Completed', 'Failed'] }) status!: string;
  @ApiProperty({ enum: ['manual', 'stripe'] }) processor!: string;
  @ApiProperty({ example: 'manual_3349518220705795' }) processorPaymentIntentId!: string;
  @ApiProperty({
    type: String,
    nullable: true,
    description: "What the UI needs to collect the payment (Stripe's client secret); null for the manual processor",
  })
  clientSecret!: string | null;
}

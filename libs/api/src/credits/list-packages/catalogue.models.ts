import { ApiProperty } from '@nestjs/swagger';

export class PackageModel {
  @ApiProperty({ type: 'integer', format: 'int64', example: 2 }) id!: number;
  @ApiProperty({ example: 'Growth' }) name!: string;
  @ApiProperty({ type: 'integer', format: 'int32', example: 5000 }) credits!: number;
  @ApiProperty({
    type: 'integer',
    format: 'int32',
    example: 0,
    description: 'Always added on top, before any promotion',
  })
  bonusCredits!: number;
  @ApiProperty({ type: 'number', format: 'double', example: 40 }) priceUsd!: number;
  @ApiProperty({ type: 'number', format: 'double', example: 0.008 }) unitPriceUsd!: number;
  @ApiProperty({ example: 'USD' }) currency!: string;
}

export class PromotionModel {
  @ApiProperty({ type: 'integer', format: 'int64', example: 1 }) id!: number;
  @ApiProperty({ example: 'Launch offer' }) name!: string;
  @ApiProperty() description!: string;
  @ApiProperty({
    type: 'integer',
    format: 'int32',
    example: 10,
    description: 'Extra credits as a percentage of the package credits (rounded down)',
  })
  bonusPercent!: number;
  @ApiProperty({ type: 'integer', format: 'int32', example: 0, description: 'Price discount in percent' })
  discountPercent!: number;
  @ApiProperty({
    type: 'array',
    items: { type: 'integer', format: 'int64' },
    nullable: true,
    description: 'Packages it applies to; null = all',
  })
  packageIds!: number[] | null;
  @ApiProperty({ nullable: true, type: String }) startsAt!: string | null;
  @ApiProperty({ nullable: true, type: String }) endsAt!: string | null;
}

export class CatalogueModel {
  @ApiProperty({ type: [PackageModel] }) packages!: PackageModel[];
  @ApiProperty({ type: [PromotionModel], description: 'Promotions running now' }) promotions!: PromotionModel[];
}

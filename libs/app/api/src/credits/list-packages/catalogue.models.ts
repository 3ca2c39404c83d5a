import { ApiProperty } from '@nestjs/swagger';

export class PackageOfferModel {
  @ApiProperty({
    type: 'integer',
    format: 'int64',
    nullable: true,
    example: 1,
    description: 'The running promotion applied (the one giving the lowest price per credit); null when none',
  })
  promotionId!: number | null;
  @ApiProperty({ type: 'integer', format: 'int32', example: 5500, description: 'Credits added, every bonus included' })
  totalCreditsAdded!: number;
  @ApiProperty({ type: 'number', format: 'double', example: 40, description: 'What is charged, discounts applied' })
  finalAmountUsd!: number;
  @ApiProperty({
    type: 'number',
    format: 'double',
    example: 0.007273,
    description: 'finalAmountUsd / totalCreditsAdded (6 decimals): the real price of one credit',
  })
  pricePerCreditUsd!: number;
}

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
  @ApiProperty({
    type: 'number',
    format: 'double',
    example: 0.008,
    description: 'List price per credit: priceUsd / credits, before bonuses and promotions',
  })
  unitPriceUsd!: number;
  @ApiProperty({ example: 'USD' }) currency!: string;
  @ApiProperty({
    type: PackageOfferModel,
    description:
      'What buying it now gives, with the best running promotion: what a dashboard checkout and an automatic top-up charge and add',
  })
  offer!: PackageOfferModel;
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
  @ApiProperty({
    type: 'integer',
    format: 'int32',
    example: 100,
    description: 'Credits a new account gets free once its address is confirmed (TRIAL_CREDITS)',
  })
  trialCredits!: number;
}

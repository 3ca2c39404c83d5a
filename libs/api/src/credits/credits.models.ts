import { ApiProperty } from '@nestjs/swagger';

// OpenAPI shapes of the credits responses (the `data` inside the envelope).

export class BalanceModel {
  @ApiProperty({ type: 'integer', format: 'int64', example: 970 }) balance!: number;
  @ApiProperty({
    type: 'integer',
    format: 'int64',
    example: 3,
    description: 'Credits set aside for verifications in flight',
  })
  held!: number;
  @ApiProperty({
    type: 'integer',
    format: 'int64',
    example: 967,
    description: 'balance - held: what the next request can spend',
  })
  available!: number;
  @ApiProperty({
    nullable: true,
    type: String,
    example: '2025-06-01T12:00:00.000Z',
    description: 'Latest ledger change reflected here',
  })
  updatedAt!: string | null;
  @ApiProperty({ example: '2025-06-01T12:00:03.000Z', description: 'When this answer was produced' }) asOf!: string;
  @ApiProperty({
    type: 'integer',
    format: 'int32',
    example: 30,
    description: 'The figures may trail the ledger by at most this many seconds',
  })
  maxStalenessSeconds!: number;
}

export class TransactionModel {
  @ApiProperty({ example: 'tx_3f2c…' }) id!: string;
  @ApiProperty({ enum: ['Added', 'Used', 'Adjusted'] }) type!: string;
  @ApiProperty({ type: 'integer', format: 'int64', example: -1, description: 'Signed change to the balance' })
  amount!: number;
  @ApiProperty({ type: 'integer', format: 'int64', example: 969 }) balanceAfter!: number;
  @ApiProperty({ example: 'verification 7d0c…' }) description!: string;
  @ApiProperty({
    nullable: true,
    type: String,
    example: 'verification',
    description: 'order, grant, adjustment, verification, batch, job_chunk, finder …',
  })
  purpose!: string | null;
  @ApiProperty({
    nullable: true,
    type: String,
    description: 'What it paid for (verification id, batch id, order id …)',
  })
  reference!: string | null;
  @ApiProperty({ example: '2025-06-01T12:00:00.000Z' }) createdAt!: string;
}

export class TransactionPageModel {
  @ApiProperty({ type: [TransactionModel] }) items!: TransactionModel[];
  @ApiProperty({ type: 'integer', format: 'int32', example: 1 }) page!: number;
  @ApiProperty({ type: 'integer', format: 'int32', example: 20 }) pageSize!: number;
  @ApiProperty({ type: 'integer', format: 'int32', example: 57 }) total!: number;
  @ApiProperty({ type: 'integer', format: 'int32', example: 3 }) totalPages!: number;
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

export class OrderModel {
  @ApiProperty({ type: 'integer', format: 'int64' }) id!: number;
  @ApiProperty({ type: 'integer', format: 'int64' }) userId!: number;
  @ApiProperty({ type: 'integer', format: 'int32' }) packageId!: number;
  @ApiProperty({ type: 'integer', format: 'int32', nullable: true, description: 'null when no promotion applied' })
  promotionId!: number | null;
  @ApiProperty({ type: 'integer', format: 'int32' }) creditsPurchased!: number;
  @ApiProperty({ type: 'integer', format: 'int32' }) bonusCredits!: number;
  @ApiProperty({ type: 'integer', format: 'int32' }) totalCreditsAdded!: number;
  @ApiProperty({ type: 'number', format: 'double' }) amountUsd!: number;
  @ApiProperty({ type: 'number', format: 'double' }) discountUsd!: number;
  @ApiProperty({ type: 'number', format: 'double' }) finalAmountUsd!: number;
  @ApiProperty({ type: 'number', format: 'double', description: 'List price per credit of the package' })
  unitPriceUsd!: number;
  @ApiProperty() processorPaymentIntentId!: string;
  @ApiProperty() processorChargeId!: string;
  @ApiProperty({
    type: 'integer',
    format: 'int32',
    enum: [1, 2, 3, 4],
    description: '1 Pending, 2 Completed, 3 Failed, 4 Refunded',
  })
  status!: number;
  @ApiProperty({ nullable: true, type: String }) failureReason!: string | null;
  @ApiProperty({ example: 'INV-123' }) invoiceNumber!: string;
  @ApiProperty() isAutoTopup!: boolean;
  @ApiProperty() createdAt!: string;
  @ApiProperty({ nullable: true, type: String }) completedAt!: string | null;
}

export class OrderPageModel {
  @ApiProperty({ type: [OrderModel] }) items!: OrderModel[];
  @ApiProperty({ type: 'integer', format: 'int32', example: 1 }) page!: number;
  @ApiProperty({ type: 'integer', format: 'int32', example: 20 }) limit!: number;
  @ApiProperty({ type: 'integer', format: 'int32' }) total!: number;
  @ApiProperty({ type: 'integer', format: 'int32' }) totalPages!: number;
}

import { ApiProperty } from '@nestjs/swagger';

// OpenAPI shapes of the credits responses (the `data` inside the envelope).

export class BalanceModel {
  @ApiProperty({ example: 970 }) balance!: number;
  @ApiProperty({ example: 3, description: 'Credits set aside for verifications in flight' }) held!: number;
  @ApiProperty({ example: 967, description: 'balance - held: what the next request can spend' }) available!: number;
  @ApiProperty({ nullable: true, type: String, example: '2025-06-01T12:00:00.000Z', description: 'Latest ledger change reflected here' }) updatedAt!: string | null;
  @ApiProperty({ example: '2025-06-01T12:00:03.000Z', description: 'When this answer was produced' }) asOf!: string;
  @ApiProperty({ example: 30, description: 'The figures may trail the ledger by at most this many seconds' }) maxStalenessSeconds!: number;
}

export class TransactionModel {
  @ApiProperty({ example: 'tx_3f2c…' }) id!: string;
  @ApiProperty({ enum: ['Added', 'Used', 'Adjusted'] }) type!: string;
  @ApiProperty({ example: -1, description: 'Signed change to the balance' }) amount!: number;
  @ApiProperty({ example: 969 }) balanceAfter!: number;
  @ApiProperty({ example: 'verification 7d0c…' }) description!: string;
  @ApiProperty({ nullable: true, type: String, example: 'verification', description: 'order, grant, adjustment, verification, batch, job_chunk, finder …' }) purpose!: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'What it paid for (verification id, batch id, order id …)' }) reference!: string | null;
  @ApiProperty({ example: '2025-06-01T12:00:00.000Z' }) createdAt!: string;
}

export class TransactionPageModel {
  @ApiProperty({ type: [TransactionModel] }) items!: TransactionModel[];
  @ApiProperty({ example: 1 }) page!: number;
  @ApiProperty({ example: 20 }) pageSize!: number;
  @ApiProperty({ example: 57 }) total!: number;
  @ApiProperty({ example: 3 }) totalPages!: number;
}

export class PackageModel {
  @ApiProperty({ example: 2 }) id!: number;
  @ApiProperty({ example: 'Growth' }) name!: string;
  @ApiProperty({ example: 5000 }) credits!: number;
  @ApiProperty({ example: 0, description: 'Always added on top, before any promotion' }) bonusCredits!: number;
  @ApiProperty({ example: 40 }) priceUsd!: number;
  @ApiProperty({ example: 0.008 }) unitPriceUsd!: number;
  @ApiProperty({ example: 'USD' }) currency!: string;
}

export class PromotionModel {
  @ApiProperty({ example: 1 }) id!: number;
  @ApiProperty({ example: 'Launch offer' }) name!: string;
  @ApiProperty() description!: string;
  @ApiProperty({ example: 10, description: 'Extra credits as a percentage of the package credits (rounded down)' }) bonusPercent!: number;
  @ApiProperty({ example: 0, description: 'Price discount in percent' }) discountPercent!: number;
  @ApiProperty({ type: [Number], nullable: true, description: 'Packages it applies to; null = all' }) packageIds!: number[] | null;
  @ApiProperty({ nullable: true, type: String }) startsAt!: string | null;
  @ApiProperty({ nullable: true, type: String }) endsAt!: string | null;
}

export class CatalogueModel {
  @ApiProperty({ type: [PackageModel] }) packages!: PackageModel[];
  @ApiProperty({ type: [PromotionModel], description: 'Promotions running now' }) promotions!: PromotionModel[];
}

export class OrderModel {
  @ApiProperty() id!: number;
  @ApiProperty() userId!: number;
  @ApiProperty() packageId!: number;
  @ApiProperty({ nullable: true, type: Number, description: 'null when no promotion applied' }) promotionId!: number | null;
  @ApiProperty() creditsPurchased!: number;
  @ApiProperty() bonusCredits!: number;
  @ApiProperty() totalCreditsAdded!: number;
  @ApiProperty() amountUsd!: number;
  @ApiProperty() discountUsd!: number;
  @ApiProperty() finalAmountUsd!: number;
  @ApiProperty({ description: 'List price per credit of the package' }) unitPriceUsd!: number;
  @ApiProperty() processorPaymentIntentId!: string;
  @ApiProperty() processorChargeId!: string;
  @ApiProperty({ enum: [1, 2, 3, 4], description: '1 Pending, 2 Completed, 3 Failed, 4 Refunded' }) status!: number;
  @ApiProperty({ nullable: true, type: String }) failureReason!: string | null;
  @ApiProperty({ example: 'INV-123' }) invoiceNumber!: string;
  @ApiProperty() isAutoTopup!: boolean;
  @ApiProperty() createdAt!: string;
  @ApiProperty({ nullable: true, type: String }) completedAt!: string | null;
}

export class OrderPageModel {
  @ApiProperty({ type: [OrderModel] }) items!: OrderModel[];
  @ApiProperty({ example: 1 }) page!: number;
  @ApiProperty({ example: 20 }) limit!: number;
  @ApiProperty() total!: number;
  @ApiProperty() totalPages!: number;
}

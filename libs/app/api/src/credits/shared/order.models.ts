import { ApiProperty } from '@nestjs/swagger';

// OpenAPI shapes of orders (the `data` inside the envelope): the public API, the dashboard and the admin API answer them.

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

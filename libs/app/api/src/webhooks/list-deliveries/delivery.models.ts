import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export class DeliveryAttemptModel {
  @ApiProperty({ type: 'integer', format: 'int32', example: 1 })
  attempt!: number;

  @ApiProperty({ type: 'integer', format: 'int32', nullable: true, example: 500 })
  status!: number | null;

  @ApiProperty({ type: 'integer', format: 'int32' })
  durationMs!: number;

  @ApiProperty({ type: 'string', nullable: true })
  error!: string | null;

  @ApiProperty({ format: 'date-time' })
  attemptedAt!: string;
}

export class DeliveryModel {
  @ApiProperty({ description: 'Also sent as X-SVC-Delivery-Id' })
  id!: string;

  @ApiProperty({ type: 'integer', format: 'int64' })
  webhookId!: number;

  @ApiProperty({ description: 'The payload `id`: receivers de-duplicate by it' })
  eventId!: string;

  @ApiProperty({ enum: ['job.completed', 'job.failed', 'job.files_expiring', 'webhook.test'] })
  eventType!: string;

  @ApiProperty({ enum: ['pending', 'succeeded', 'failed'] })
  status!: string;

  @ApiProperty({ type: DeliveryAttemptModel, isArray: true })
  attempts!: DeliveryAttemptModel[];

  @ApiPropertyOptional({ format: 'date-time', nullable: true })
  nextAttemptAt!: string | null;

  @ApiPropertyOptional({ type: 'string', nullable: true })
  failureReason!: string | null;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiPropertyOptional({ format: 'date-time', nullable: true })
  completedAt!: string | null;
}

export class DeliveryPageModel {
  @ApiProperty({ type: DeliveryModel, isArray: true })
  items!: DeliveryModel[];

  @ApiProperty({ type: 'integer', format: 'int32' })
  page!: number;

  @ApiProperty({ type: 'integer', format: 'int32' })
  pageSize!: number;

  @ApiProperty({ type: 'integer', format: 'int32' })
  total!: number;

  @ApiProperty({ type: 'integer', format: 'int32' })
  totalPages!: number;
}

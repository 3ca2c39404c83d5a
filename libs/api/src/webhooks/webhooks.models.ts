import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export class WebhookModel {
  @ApiProperty({ type: 'integer', format: 'int64', example: 1152921504606 })
  id!: number;

  @ApiProperty({ example: 'https://example.com/hooks/mailcheck' })
  url!: string;

  @ApiProperty({
    type: 'integer',
    format: 'int32',
    isArray: true,
    enum: [1, 2],
    description: '1 = job.completed, 2 = job.failed',
    example: [1, 2],
  })
  events!: number[];

  @ApiProperty({ type: 'string', isArray: true, enum: ['job.completed', 'job.failed'] })
  eventNames!: string[];

  @ApiProperty()
  isActive!: boolean;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ format: 'date-time' })
  updatedAt!: string;
}

export class WebhookWithSecretModel extends WebhookModel {
  @ApiProperty({
    description: 'HMAC-SHA256 key for X-SVC-Signature. Shown only here and on rotate-secret: store it now.',
    example: 'whsec_3f…',
  })
  secret!: string;
}

export class DeletedWebhookModel {
  @ApiProperty({ type: 'integer', format: 'int64' })
  id!: number;

  @ApiProperty({ enum: [true] })
  deleted!: true;
}

export class TestDeliveryModel {
  @ApiProperty({ format: 'uuid' })
  deliveryId!: string;

  @ApiProperty({ format: 'uuid', description: 'The `id` in the test payload' })
  eventId!: string;

  @ApiProperty({ description: 'The receiver answered 2xx within the timeout' })
  success!: boolean;

  @ApiProperty({
    type: 'integer',
    format: 'int32',
    nullable: true,
    description: "The receiver's HTTP status; null when it did not answer",
  })
  statusCode!: number | null;

  @ApiProperty({ type: 'integer', format: 'int32' })
  durationMs!: number;

  @ApiProperty({ type: 'string', nullable: true, example: null })
  error!: string | null;
}

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

  @ApiProperty({ enum: ['job.completed', 'job.failed', 'webhook.test'] })
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

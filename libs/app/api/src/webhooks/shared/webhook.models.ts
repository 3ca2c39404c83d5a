import { ApiProperty } from '@nestjs/swagger';

export class WebhookModel {
  @ApiProperty({ type: 'integer', format: 'int64', example: 1152921504606 })
  id!: number;

  @ApiProperty({ example: 'https://example.com/hooks/mailcheck' })
  url!: string;

  @ApiProperty({
    type: 'integer',
    format: 'int32',
    isArray: true,
    enum: [1, 2, 3],
    description: '1 = job.completed, 2 = job.failed, 3 = job.files_expiring',
    example: [1, 2],
  })
  events!: number[];

  @ApiProperty({ type: 'string', isArray: true, enum: ['job.completed', 'job.failed', 'job.files_expiring'] })
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

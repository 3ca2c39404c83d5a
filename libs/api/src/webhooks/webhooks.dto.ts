import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow, IsBoolean, IsOptional } from 'class-validator';

// url and events are validated by the domain (not class-validator) so each problem has its own code:
// 4002 not an HTTPS URL / credentials, 4003 private address, 4006 unresolvable, 4005 events.
const EVENTS_SCHEMA = {
  type: 'array' as const,
  minItems: 1,
  items: {
    oneOf: [
      { type: 'integer', format: 'int32', enum: [1, 2], description: '1 = job.completed, 2 = job.failed' },
      { type: 'string', enum: ['job.completed', 'job.failed'] },
    ],
  },
  description:
    'WebhookEvent values: 1 = job.completed, 2 = job.failed (the names are accepted too). Unknown values: 400 code 4005.',
  example: [1, 2],
};
const URL_DOC =
  'HTTPS endpoint without credentials that resolves to a public address. 400 codes: 4002 invalid URL, 4003 private or loopback address, 4006 host does not resolve.';

export class CreateWebhookDto {
  @ApiProperty({ type: 'string', format: 'uri', example: 'https://example.com/hooks/mailcheck', description: URL_DOC })
  @Allow()
  url!: string;

  @ApiProperty(EVENTS_SCHEMA)
  @Allow()
  events!: Array<number | string>;

  @ApiPropertyOptional({ default: true })
  @IsOptional()
  @IsBoolean()
  isActive?: boolean;
}

/** Partial update: an absent or null field keeps its current value. */
export class UpdateWebhookDto {
  @ApiPropertyOptional({ type: 'string', format: 'uri', nullable: true, description: URL_DOC })
  @Allow()
  url?: string | null;

  @ApiPropertyOptional({ ...EVENTS_SCHEMA, nullable: true })
  @Allow()
  events?: Array<number | string> | null;

  @ApiPropertyOptional({ type: 'boolean', nullable: true })
  @IsOptional()
  @IsBoolean()
  isActive?: boolean | null;
}

/** The same body as PATCH; only isActive is read (url and events are ignored by toggle). */
export class ToggleWebhookDto {
  @ApiPropertyOptional({
    type: 'boolean',
    nullable: true,
    description:
      'true or false: set the webhook to that state (repeatable). Absent or null (or no body at all): flip the current state.',
  })
  @IsOptional()
  @IsBoolean()
  isActive?: boolean | null;

  @ApiPropertyOptional({ type: 'string', nullable: true, description: 'Ignored by toggle; use PATCH to change it.' })
  @Allow()
  url?: unknown;

  @ApiPropertyOptional({
    ...EVENTS_SCHEMA,
    nullable: true,
    description: 'Ignored by toggle; use PATCH to change them.',
  })
  @Allow()
  events?: unknown;
}

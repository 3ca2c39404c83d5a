import { ApiPropertyOptional } from '@nestjs/swagger';
import { Allow, IsBoolean, IsOptional } from 'class-validator';
import { EVENTS_SCHEMA } from '../shared/webhook-fields';

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

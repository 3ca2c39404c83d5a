import { ApiPropertyOptional } from '@nestjs/swagger';
import { Allow, IsBoolean, IsOptional } from 'class-validator';
import { EVENTS_SCHEMA, URL_DOC } from '../shared/webhook-fields';

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

import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow, IsBoolean, IsOptional } from 'class-validator';
import { EVENTS_SCHEMA, URL_DOC } from '../shared/webhook-fields';

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

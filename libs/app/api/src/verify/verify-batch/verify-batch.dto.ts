import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsArray, IsBoolean, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { EVIDENCE_DOC } from '../shared/verification-result.model';

/**
 * The spec states both 30 (the endpoint's purpose) and 100 (the field) as the batch limit; we accept
 * the larger, 100 (more is 400 code 2101; an empty list is 400 code 2102).
 */
export const MAX_BATCH_SIZE = 100;

export class VerifyBatchDto {
  @ApiProperty({
    type: 'array',
    items: { type: 'string', minLength: 1, maxLength: 512, pattern: '\\S' },
    maxItems: MAX_BATCH_SIZE,
    minItems: 1,
    example: ['jane@acme.com', 'john@acme.com'],
  })
  @IsArray()
  @IsString({ each: true })
  @Matches(/\S/, { each: true, message: 'each value in emails must not be empty' })
  @MaxLength(512, { each: true })
  emails!: string[];

  @ApiPropertyOptional({ type: Boolean, default: false, description: EVIDENCE_DOC })
  @IsOptional()
  @IsBoolean()
  evidence?: boolean;
}

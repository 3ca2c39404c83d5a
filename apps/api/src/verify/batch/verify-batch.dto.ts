import { ApiProperty } from '@nestjs/swagger';
import { IsArray, IsString, Matches, MaxLength } from 'class-validator';

/**
 * The spec states both 30 (the endpoint's purpose) and 100 (the field) as the batch limit; we accept
 * the larger, 100 (more is 400 code 2101; an empty list is 400 code 2102).
 */
export const MAX_BATCH_SIZE = 100;

export class VerifyBatchDto {
  @ApiProperty({ type: [String], maxItems: MAX_BATCH_SIZE, minItems: 1, example: ['jane@acme.com', 'john@acme.com'] })
  @IsArray()
  @IsString({ each: true })
  @Matches(/\S/, { each: true, message: 'each value in emails must not be empty' })
  @MaxLength(512, { each: true })
  emails!: string[];
}

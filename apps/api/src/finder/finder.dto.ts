import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow, IsArray } from 'class-validator';
import { ValidatesOwnText } from '../http/input-text-rules';

/**
 * FinderRequest. Fields are only allowed through here: the finder validates them itself so every
 * bad contact, alone or in a batch, gets the same code (5001) naming the field.
 */
@ValidatesOwnText()
export class FinderRequestDto {
  @ApiProperty({ example: 'José', description: 'Given name. Without lastName, a whole name ("Jane Doe", "Doe, Jane") is read as given and family name' })
  @Allow()
  firstName!: unknown;

  @ApiPropertyOptional({ example: 'van der Berg', nullable: true, description: 'Recommended: enables first.last, flast and the other formats that need it' })
  @Allow()
  lastName?: unknown;

  @ApiProperty({ example: 'example.com', description: 'Company domain; a URL or an address is reduced to its domain. Free consumer providers are unsupported.' })
  @Allow()
  domain!: unknown;
}

@ValidatesOwnText()
export class FinderBatchDto {
  @ApiProperty({
    type: 'array',
    maxItems: 100,
    items: { type: 'object', properties: { firstName: { type: 'string' }, lastName: { type: 'string', nullable: true }, domain: { type: 'string' }, first_name: { type: 'string' }, last_name: { type: 'string' } } },
    description: 'Up to 100 contacts; camelCase (firstName, lastName) or snake_case (first_name, last_name) keys',
  })
  @IsArray()
  contacts!: unknown[];
}

export class FinderResultModel {
  @ApiProperty({ type: 'string', nullable: true, example: 'jose.muller@example.com' }) email!: string | null;
  @ApiProperty({ enum: ['Found', 'Not Found'] }) status!: string;
  @ApiProperty({ enum: ['Good', 'Risky', 'Bad'], nullable: true }) quality!: string | null;
  @ApiProperty({ enum: ['Ok', 'Catch-all', 'Unknown'], nullable: true }) result!: string | null;
  @ApiProperty({ example: 'found', description: 'found, catch_all, known_format_unverified, not_found, unsupported_free_domain, disposable_domain, no_mail_server, invalid_domain, reserved_domain, unverifiable, untransliterable_name' }) reason!: string;
  @ApiProperty({ minimum: 0, maximum: 100, example: 92 }) confidence!: number;
  @ApiProperty({ example: '' }) provider!: string;
  @ApiProperty({ type: 'string', nullable: true, example: 'first.last' }) pattern!: string | null;
  @ApiProperty({ example: 140 }) executionMs!: number;
  @ApiProperty({ enum: [0, 10] }) creditsCharged!: number;
  @ApiProperty({ example: 990 }) creditsRemaining!: number;
}

export class FinderBatchSummaryModel {
  @ApiProperty() total!: number;
  @ApiProperty() found!: number;
  @ApiProperty() notFound!: number;
  @ApiProperty() errors!: number;
  @ApiProperty() creditsCharged!: number;
  @ApiProperty() creditsRemaining!: number;
}

export class FinderBatchModel {
  @ApiProperty({
    type: 'array',
    items: { type: 'object' },
    description: '{ index, input: {firstName, lastName, domain}, error: null, ...finder result fields without creditsRemaining } or { index, input, error: {code, message} }',
  })
  results!: unknown[];

  @ApiProperty({ type: FinderBatchSummaryModel }) summary!: FinderBatchSummaryModel;
}

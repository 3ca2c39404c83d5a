import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import { ValidatesOwnText } from '@lib/http-host';

/**
 * FinderRequest. Fields are only allowed through here: the finder validates them itself so every
 * bad contact, alone or in a batch, gets the same code (5001) naming the field. A contact needs a
 * domain and at least one name (the spec's finder batch rule, applied to single calls alike).
 */
@ValidatesOwnText()
export class FinderRequestDto {
  @ApiPropertyOptional({
    type: 'string',
    nullable: true,
    example: 'José',
    description:
      'Given name; required unless lastName is given (a contact needs a domain and at least one name, else 400 code 5001). Without lastName, a whole name ("Jane Doe", "Doe, Jane") is read as given and family name',
  })
  @Allow()
  firstName?: unknown;

  @ApiPropertyOptional({
    type: 'string',
    example: 'van der Berg',
    nullable: true,
    description:
      'Recommended: enables first.last, flast and the other formats that need it. Alone (no firstName) only the last@ format can be tried, so fewer addresses are found and confidence is lower',
  })
  @Allow()
  lastName?: unknown;

  @ApiProperty({
    type: 'string',
    example: 'example.com',
    description:
      'Company domain; a URL or an address is reduced to its domain. Free consumer providers are unsupported.',
  })
  @Allow()
  domain!: unknown;
}

export class FinderResultModel {
  @ApiProperty({ type: 'string', nullable: true, example: 'jose.muller@example.com' }) email!: string | null;
  @ApiProperty({ enum: ['Found', 'Not Found'] }) status!: string;
  @ApiProperty({ type: 'string', enum: ['Good', 'Risky', 'Bad', null], nullable: true }) quality!: string | null;
  @ApiProperty({ type: 'string', enum: ['Ok', 'Catch-all', 'Unknown', null], nullable: true }) result!: string | null;
  @ApiProperty({
    example: 'found',
    description:
      'found, catch_all, known_format_unverified, not_found, unsupported_free_domain, disposable_domain, no_mail_server, invalid_domain, reserved_domain, unverifiable, untransliterable_name',
  })
  reason!: string;
  @ApiProperty({ type: 'integer', format: 'int32', minimum: 0, maximum: 100, example: 92 }) confidence!: number;
  @ApiProperty({ example: '' }) provider!: string;
  @ApiProperty({ type: 'string', nullable: true, example: 'first.last' }) pattern!: string | null;
  @ApiProperty({ type: 'integer', format: 'int32', example: 140 }) executionMs!: number;
  @ApiProperty({ type: 'integer', format: 'int32', enum: [0, 10] }) creditsCharged!: number;
  @ApiProperty({ type: 'integer', format: 'int64', example: 990 }) creditsRemaining!: number;
}

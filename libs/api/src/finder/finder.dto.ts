import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow, IsArray } from 'class-validator';
import { ValidatesOwnText } from '../http/input-text-rules';
import { ApiErrorBody } from '../docs/api-envelope.decorators';

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

// Any JSON value: what a batch contact may be, and what is echoed back of it.
const ANY_JSON = [
  { type: 'string', nullable: true },
  { type: 'number' },
  { type: 'boolean' },
  { type: 'object' },
  { type: 'array', items: {} },
];

@ValidatesOwnText()
export class FinderBatchDto {
  @ApiProperty({
    type: 'array',
    maxItems: 100,
    // Any value is accepted per contact: one that is not a usable contact gets its own error (5001).
    items: {
      anyOf: [
        {
          type: 'object',
          properties: {
            firstName: { type: 'string', nullable: true },
            lastName: { type: 'string', nullable: true },
            domain: { type: 'string' },
            first_name: { type: 'string', nullable: true },
            last_name: { type: 'string', nullable: true },
          },
        },
        ...ANY_JSON,
      ],
    },
    example: [
      { firstName: 'Ada', lastName: 'Lovelace', domain: 'example.org' },
      { first_name: 'Alan', last_name: 'Turing', domain: 'example.org' },
      { lastName: 'Hopper', domain: 'example.org' },
    ],
    description:
      'Up to 100 contacts; camelCase (firstName, lastName) or snake_case (first_name, last_name) keys. Each needs a domain and at least one name (a last name alone is looked up as last@). A contact that cannot be looked up gets a per-item error (code 5001), never a refusal of the batch.',
  })
  @IsArray()
  contacts!: unknown[];
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

/** A contact as echoed back in a batch answer: the values sent, whatever their type (null when absent). */
export class EchoedContactModel {
  @ApiProperty({ anyOf: ANY_JSON, description: 'As sent (any JSON value); null when absent', example: 'Ada' })
  firstName!: unknown;
  @ApiProperty({ anyOf: ANY_JSON, description: 'As sent (any JSON value); null when absent', example: 'Lovelace' })
  lastName!: unknown;
  @ApiProperty({ anyOf: ANY_JSON, description: 'As sent (any JSON value); null when absent', example: 'example.org' })
  domain!: unknown;
}

/** One contact's answer in a finder batch: the result fields when it was looked up, else `error`. */
export class FinderBatchItemModel {
  @ApiProperty({ type: 'integer', format: 'int32', example: 0, description: 'Position in `contacts`' }) index!: number;
  @ApiProperty({ type: EchoedContactModel }) input!: EchoedContactModel;
  @ApiProperty({
    type: ApiErrorBody,
    nullable: true,
    description: 'null when looked up; else why this contact could not be (code 5001)',
  })
  error!: ApiErrorBody | null;
  @ApiPropertyOptional({ type: 'string', nullable: true, example: 'ada.lovelace@example.org' }) email?: string | null;
  @ApiPropertyOptional({ enum: ['Found', 'Not Found'] }) status?: string;
  @ApiPropertyOptional({ type: 'string', enum: ['Good', 'Risky', 'Bad', null], nullable: true }) quality?:
    string | null;
  @ApiPropertyOptional({ type: 'string', enum: ['Ok', 'Catch-all', 'Unknown', null], nullable: true }) result?:
    string | null;
  @ApiPropertyOptional({ type: 'string', example: 'found' }) reason?: string;
  @ApiPropertyOptional({ type: 'integer', format: 'int32', minimum: 0, maximum: 100 }) confidence?: number;
  @ApiPropertyOptional({ type: 'string', example: '' }) provider?: string;
  @ApiPropertyOptional({ type: 'string', nullable: true, example: 'first.last' }) pattern?: string | null;
  @ApiPropertyOptional({ type: 'integer', format: 'int32' }) executionMs?: number;
  @ApiPropertyOptional({
    type: 'integer',
    format: 'int32',
    enum: [0, 10],
    description: '10 on the first position of a found person; repeats and misses are free',
  })
  creditsCharged?: number;
}

export class FinderBatchSummaryModel {
  @ApiProperty({ type: 'integer', format: 'int32' }) total!: number;
  @ApiProperty({ type: 'integer', format: 'int32' }) found!: number;
  @ApiProperty({ type: 'integer', format: 'int32' }) notFound!: number;
  @ApiProperty({ type: 'integer', format: 'int32' }) errors!: number;
  @ApiProperty({ type: 'integer', format: 'int32' }) creditsCharged!: number;
  @ApiProperty({ type: 'integer', format: 'int64' }) creditsRemaining!: number;
}

export class FinderBatchModel {
  @ApiProperty({
    type: [FinderBatchItemModel],
    description:
      'One per contact, in request order: the finder result fields, or `error` for a contact that could not be looked up',
  })
  results!: FinderBatchItemModel[];

  @ApiProperty({ type: FinderBatchSummaryModel }) summary!: FinderBatchSummaryModel;
}

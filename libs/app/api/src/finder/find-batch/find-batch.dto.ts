import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsArray } from 'class-validator';
import { ApiErrorBody, ValidatesOwnText } from '@lib/http-host';

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

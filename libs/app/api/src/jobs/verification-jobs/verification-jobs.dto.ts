import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ApiEtaSeconds, jobPageDto, JobProgressDto } from '../../job-routes/job-page.dto';

export class EmailColumnDto {
  @ApiProperty({ type: 'integer', format: 'int32', example: 1, description: 'Zero-based index of the verified column' })
  index!: number;
  @ApiProperty({
    enum: ['request', 'header', 'values'],
    description: 'Given in the request, or detected from the header name or from the values',
  })
  chosenBy!: string;
  @ApiProperty({ type: String, nullable: true, example: 'Email' }) headerName!: string | null;
}

export class JobCountsDto {
  @ApiProperty({ type: 'integer', format: 'int32', example: 1200, description: 'Data rows (header excluded)' })
  rows!: number;
  @ApiProperty({
    type: 'integer',
    format: 'int32',
    example: 1100,
    description:
      'Distinct addresses to verify (malformed ones included, answered invalid without a probe): the most the job can cost',
  })
  uniqueAddresses!: number;
  @ApiProperty({
    type: 'integer',
    format: 'int32',
    example: 60,
    description: 'Rows repeating an earlier address (never charged)',
  })
  duplicates!: number;
  @ApiPropertyOptional({
    type: 'integer',
    format: 'int32',
    example: 5,
    description: 'Rows with an empty email cell: invalid, decided at upload and free (absent on older jobs)',
  })
  blank?: number;
  @ApiProperty({
    type: 'integer',
    format: 'int32',
    example: 40,
    description:
      'Rows with an empty or malformed address (invalid / invalid_syntax; a malformed one costs 1 credit like any invalid, an empty cell is free)',
  })
  invalidSyntax!: number;
}

export class JobDto {
  @ApiProperty({ type: 'integer', format: 'int64', example: 1843020410880 }) id!: number;
  @ApiProperty({ enum: ['verification', 'finder'] }) kind!: string;
  @ApiProperty({ enum: ['Pending', 'Processing', 'Completed', 'Cancelled', 'Failed'] }) status!: string;
  @ApiProperty({ example: 'leads.csv' }) fileName!: string;
  @ApiProperty({ type: EmailColumnDto }) emailColumn!: EmailColumnDto;
  @ApiProperty() hasHeader!: boolean;
  @ApiProperty({ description: 'Whether the download keeps one row per address' }) dedupe!: boolean;
  @ApiProperty({ type: JobCountsDto }) counts!: JobCountsDto;
  @ApiProperty({
    type: 'integer',
    format: 'int32',
    example: 1100,
    description: 'Most credits the job can cost: one per unique address; unknown and error results are free',
  })
  quote!: number;
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'integer', format: 'int32' },
    example: { ok: 500, invalid: 60, catch_all: 20, unknown: 10, disposable: 10, error: 0 },
    description: 'Rows per result so far (what a download without dedupe holds)',
  })
  results!: Record<string, number>;
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'integer', format: 'int32' },
    example: { ok: 480, invalid: 60, catch_all: 20, unknown: 10, disposable: 10, error: 0 },
    description:
      'Results so far counted once per address: the rows a download with dedupe holds (every empty email cell counts as its own row)',
  })
  addressResults!: Record<string, number>;
  @ApiProperty({ type: JobProgressDto }) progress!: JobProgressDto;
  @ApiProperty({ type: 'integer', format: 'int32', example: 580 }) creditsCharged!: number;
  @ApiEtaSeconds() etaSeconds!: number | null;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiPropertyOptional({ type: String, nullable: true, format: 'date-time' }) startedAt!: string | null;
  @ApiPropertyOptional({ type: String, nullable: true, format: 'date-time' }) finishedAt!: string | null;
  @ApiPropertyOptional({ type: String, nullable: true, example: 'insufficient_credits' }) failureReason!: string | null;
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example:
      'The balance ran out after 3,012 of 3,500 rows were verified (488 not verified); 2,979 credits were charged for them. Buy credits, then resume the job: it goes on from the first undone row, and rows already verified are not charged again.',
    description: 'Why the job stopped, with the rows verified and the credits charged; null unless Failed',
  })
  failureMessage!: string | null;
  @ApiProperty({
    description:
      'Whether POST /v1/jobs/{id}/resume can go on with the job: it failed because the balance ran out (insufficient_credits) or the monthly credit cap of the key that started it was reached (key_credit_cap_reached), and its files are kept',
  })
  resumable!: boolean;
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    format: 'date-time',
    description:
      'When the uploaded file and results were deleted under the retention policy (JOB_FILE_RETENTION_DAYS after the job ended); the download then answers 410',
  })
  filesPurgedAt!: string | null;
  @ApiProperty({ example: '/v1/jobs/1843020410880/download' }) downloadPath!: string;
}

export const JobPageDto = jobPageDto(JobDto, 'JobPageDto', 20);

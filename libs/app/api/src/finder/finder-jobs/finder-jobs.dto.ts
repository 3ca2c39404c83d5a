import { ApiProperty } from '@nestjs/swagger';
import { ApiEtaSeconds, jobPageDto, JobProgressDto } from '../../job-routes/job-page.dto';

// OpenAPI shapes of the finder job views (libs/domain/finder FinderJobView), the `data` inside the envelope.

export class FinderColumnsDto {
  @ApiProperty({
    type: 'integer',
    format: 'int32',
    nullable: true,
    example: 0,
    description:
      'Zero-based; null when names come from a whole-name column, or the file has only a last-name column (each row is then looked up by its last name alone)',
  })
  firstName!: number | null;
  @ApiProperty({ type: 'integer', format: 'int32', nullable: true, example: 1 }) lastName!: number | null;
  @ApiProperty({
    type: 'integer',
    format: 'int32',
    nullable: true,
    required: false,
    example: null,
    description: 'Whole-name column, used only without a first-name column',
  })
  fullName?: number | null;
  @ApiProperty({ type: 'integer', format: 'int32', example: 2 }) domain!: number;
  @ApiProperty({ enum: ['domain', 'url', 'email'], description: 'How the domain cell is read' }) domainSource!: string;
  @ApiProperty({ enum: ['request', 'header'] }) chosenBy!: string;
}

export class FinderJobCountsDto {
  @ApiProperty({ type: 'integer', format: 'int32', example: 4, description: 'Data rows (header excluded)' })
  rows!: number;
  @ApiProperty({
    type: 'integer',
    format: 'int32',
    example: 3,
    description:
      'Distinct people on rows with a usable name (first, last or both) and domain: what is looked up, at most 10 credits each',
  })
  contacts!: number;
  @ApiProperty({
    type: 'integer',
    format: 'int32',
    required: false,
    example: 0,
    description:
      "Rows repeating an earlier row's person: answered with it, never looked up or charged again (absent on jobs created before)",
  })
  duplicates?: number;
  @ApiProperty({
    type: 'integer',
    format: 'int32',
    example: 1,
    description: 'Rows without a usable name or domain: reason invalid_input in the download, never charged',
  })
  invalid!: number;
}

export class FinderJobResultsDto {
  @ApiProperty({ type: 'integer', format: 'int32', example: 2 }) found!: number;
  @ApiProperty({ type: 'integer', format: 'int32', example: 1 }) notFound!: number;
  @ApiProperty({ type: 'integer', format: 'int32', example: 1 }) invalid!: number;
}

export class FinderJobDto {
  @ApiProperty({ type: 'integer', format: 'int64', example: 1843020410880 }) id!: number;
  @ApiProperty({ enum: ['finder'] }) kind!: string;
  @ApiProperty({ enum: ['Pending', 'Processing', 'Completed', 'Cancelled', 'Failed'] }) status!: string;
  @ApiProperty({ example: 'contacts.csv' }) fileName!: string;
  @ApiProperty() hasHeader!: boolean;
  @ApiProperty({ type: FinderColumnsDto }) columns!: FinderColumnsDto;
  @ApiProperty({ type: FinderJobCountsDto }) counts!: FinderJobCountsDto;
  @ApiProperty({
    type: 'integer',
    format: 'int32',
    example: 30,
    description: 'Most credits the job can cost: 10 per usable contact; only returned addresses are charged',
  })
  quote!: number;
  @ApiProperty({ type: FinderJobResultsDto }) results!: FinderJobResultsDto;
  @ApiProperty({ type: JobProgressDto }) progress!: JobProgressDto;
  @ApiProperty({ type: 'integer', format: 'int32', example: 20 }) creditsCharged!: number;
  @ApiEtaSeconds() etaSeconds!: number | null;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ type: 'string', nullable: true, format: 'date-time' }) startedAt!: string | null;
  @ApiProperty({ type: 'string', nullable: true, format: 'date-time' }) finishedAt!: string | null;
  @ApiProperty({ type: 'string', nullable: true, example: null }) failureReason!: string | null;
  @ApiProperty({
    type: 'string',
    nullable: true,
    format: 'date-time',
    description: 'When the uploaded file and results were deleted (data retention); the download then answers 410',
  })
  filesPurgedAt!: string | null;
  @ApiProperty({ example: '/v1/finder/jobs/1843020410880/download' }) downloadPath!: string;
}

export const FinderJobPageDto = jobPageDto(FinderJobDto, 'FinderJobPageDto', 10);

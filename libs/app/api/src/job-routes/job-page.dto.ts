import type { Type } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';

export class JobProgressDto {
  @ApiProperty({ type: 'integer', format: 'int32', example: 600 }) processedRows!: number;
  @ApiProperty({ type: 'integer', format: 'int32', example: 1200 }) totalRows!: number;
  @ApiProperty({ type: 'number', format: 'double', example: 50, description: 'processedRows / totalRows, one decimal' })
  percent!: number;
}

/** `etaSeconds` of both job kinds' views (JobViewCommon). */
export const ApiEtaSeconds = (): PropertyDecorator =>
  ApiProperty({
    type: 'integer',
    format: 'int32',
    nullable: true,
    example: 42,
    description: 'Seconds left at the rate so far; null until measurable',
  });

/** A page of one job kind's views (GET /v1/jobs, GET /v1/finder/jobs): one shape, named after its kind. */
export function jobPageDto(item: Type<unknown>, name: string, defaultPageSize: number): Type<unknown> {
  class JobPage {
    @ApiProperty({ type: [item] }) items!: unknown[];
    @ApiProperty({ type: 'integer', format: 'int32', example: 1 }) page!: number;
    @ApiProperty({ type: 'integer', format: 'int32', example: defaultPageSize }) pageSize!: number;
    @ApiProperty({ type: 'integer', format: 'int32', example: 3 }) total!: number;
    @ApiProperty({ type: 'integer', format: 'int32', example: 1 }) totalPages!: number;
  }
  // The OpenAPI schema takes the class's name.
  Object.defineProperty(JobPage, 'name', { value: name });
  return JobPage;
}

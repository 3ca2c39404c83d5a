import { applyDecorators, Type } from '@nestjs/common';
import { ApiBody, ApiExtraModels, ApiProperty, ApiPropertyOptional, ApiResponse, getSchemaPath } from '@nestjs/swagger';

export class DuplicateOfDto {
  @ApiProperty({ type: 'integer', format: 'int64', example: 1843020410880 }) jobId!: number;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}

export class ApiErrorBody {
  @ApiProperty({
    type: 'integer',
    format: 'int32',
    example: 1006,
    description: 'Stable numeric code; see the error code table',
  })
  code!: number;

  @ApiProperty({ example: 'email: must be a string' })
  message!: string;

  @ApiPropertyOptional({
    type: DuplicateOfDto,
    description:
      'Only with code 3021 (DUPLICATE_UPLOAD): the earlier job of the same file and options; send allowDuplicate=true to verify and charge the file again',
  })
  duplicateOf?: DuplicateOfDto;
}

export class ErrorEnvelope {
  @ApiProperty({ enum: ['error'] })
  status!: 'error';

  @ApiProperty({
    type: 'object',
    additionalProperties: false,
    nullable: true,
    example: null,
    description: 'Always null on failure',
  })
  data!: null;

  @ApiProperty({ type: ApiErrorBody })
  error!: ApiErrorBody;
}

export const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Bad request',
  401: 'Missing, invalid or revoked API key',
  402: 'Not enough credits',
  403: 'Forbidden (dashboard: missing or wrong CSRF token, unconfirmed address; a team role that does not allow it)',
  404: 'Not found',
  409: 'Conflict',
  410: 'Gone: deleted under the data-retention policy',
  413: 'Payload too large',
  415: 'Unsupported media type',
  429: 'Rate limit exceeded (see Retry-After)',
};

/** Documents the error statuses an endpoint can answer, each with the error envelope. */
export const ApiErrors = (...statuses: number[]): MethodDecorator =>
  applyDecorators(
    ...statuses.map((status) =>
      ApiResponse({ status, description: ERROR_DESCRIPTIONS[status] ?? 'Error', type: ErrorEnvelope }),
    ),
  );

/** Documents a success response whose `data` has the given model. */
export const ApiEnvelope = (model: Type<unknown>, status = 200, description = 'Success'): MethodDecorator =>
  applyDecorators(
    ApiExtraModels(model),
    ApiResponse({
      status,
      description,
      schema: {
        type: 'object',
        required: ['status', 'data', 'error'],
        properties: {
          status: { type: 'string', enum: ['success'] },
          data: { $ref: getSchemaPath(model) },
          error: { type: 'object', nullable: true, example: null },
        },
      },
    }),
  );

/** A body whose every field is optional: absent, `{}` and JSON `null` all mean "no options". */
export const ApiOptionalBody = (model: Type<unknown>): MethodDecorator =>
  applyDecorators(
    ApiExtraModels(model),
    ApiBody({ required: false, schema: { type: 'object', nullable: true, allOf: [{ $ref: getSchemaPath(model) }] } }),
  );

import { applyDecorators } from '@nestjs/common';
import { ApiParam, ApiQuery } from '@nestjs/swagger';
import { MAX_PAGE_SIZE } from '@lib/common';

/** A path id: the spec's ids are int64. Anything else (not a number, unknown, another account's) is a 404. */
export const ApiIdParam = (description: string, name = 'id'): MethodDecorator =>
  ApiParam({ name, description, schema: { type: 'integer', format: 'int64', example: 1843020410880 } });

/** `page` (1-based) and the page size under the name the spec gives it (`pageSize`, or `limit` for orders). */
export const ApiPageQueries = (defaultSize: number, sizeName: 'pageSize' | 'limit' = 'pageSize'): MethodDecorator =>
  applyDecorators(
    ApiQuery({
      name: 'page',
      required: false,
      description: '1-based',
      schema: { type: 'integer', format: 'int32', minimum: 1, maximum: 999_999_999, default: 1 },
    }),
    ApiQuery({
      name: sizeName,
      required: false,
      description: `Items per page; above ${MAX_PAGE_SIZE} is refused with 400 (code 1007) rather than silently capped`,
      schema: { type: 'integer', format: 'int32', minimum: 1, maximum: MAX_PAGE_SIZE, default: defaultSize },
    }),
  );

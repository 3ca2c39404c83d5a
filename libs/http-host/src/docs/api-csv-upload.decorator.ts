import { applyDecorators } from '@nestjs/common';
import { ApiBody, ApiConsumes } from '@nestjs/swagger';
import type { SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';

/** Documents a CSV upload: multipart/form-data with the file in `file` and optional typed form fields. */
export const ApiCsvUpload = (fields: Record<string, SchemaObject>): MethodDecorator =>
  applyDecorators(
    ApiConsumes('multipart/form-data'),
    ApiBody({
      schema: {
        type: 'object',
        required: ['file'],
        properties: {
          file: { type: 'string', format: 'binary', description: 'The CSV file' },
          ...fields,
        },
      },
    }),
  );

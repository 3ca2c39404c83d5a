import { applyDecorators } from '@nestjs/common';
import { ApiBody, ApiConsumes } from '@nestjs/swagger';

/** Documents a CSV upload: multipart/form-data with the file in `file` and optional text fields. */
export const ApiCsvUpload = (fields: Record<string, string>): MethodDecorator =>
  applyDecorators(
    ApiConsumes('multipart/form-data'),
    ApiBody({
      schema: {
        type: 'object',
        required: ['file'],
        properties: {
          file: { type: 'string', format: 'binary', description: 'The CSV file' },
          ...Object.fromEntries(Object.entries(fields).map(([name, description]) => [name, { type: 'string', description }])),
        },
      },
    }),
  );

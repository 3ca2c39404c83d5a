import { applyDecorators } from '@nestjs/common';
import { ApiBody, ApiConsumes } from '@nestjs/swagger';
import type { SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';

/** Documents a list upload: multipart/form-data with the file in `file`, an optional `sheet`, and typed form fields. */
export const ApiCsvUpload = (fields: Record<string, SchemaObject>): MethodDecorator =>
  applyDecorators(
    ApiConsumes('multipart/form-data'),
    ApiBody({
      schema: {
        type: 'object',
        required: ['file'],
        properties: {
          file: {
            type: 'string',
            format: 'binary',
            description:
              'The list: a CSV (UTF-8 with or without BOM, UTF-16 with BOM, or Windows-1252 as Excel saves it), a .txt of one address per line, or an Excel workbook (.xlsx)',
          },
          sheet: {
            type: 'string',
            description:
              'The .xlsx sheet to read, by name (the first sheet when absent); send it before `file`. Ignored for text files',
          },
          ...fields,
        },
      },
    }),
  );

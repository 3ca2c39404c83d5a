import { CsvFormatError } from './csv-errors';
import { CsvRecordReader } from './csv-record-reader';
import { CsvReaderOptions } from './csv-record';

async function readAll(input: Buffer | string, options?: CsvReaderOptions): Promise<number> {
  let count = 0;
  for await (const _ of new CsvRecordReader([Buffer.from(input)], options)) count++;
  return count;
}

async function formatError(input: Buffer | string, options?: CsvReaderOptions): Promise<CsvFormatError> {
  const error = await readAll(input, options).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CsvFormatError);
  return error as CsvFormatError;
}

describe('CSV format errors', () => {
  it('rejects a quote still open at end of file, naming the line it opened on', async () => {
    const error = await formatError('email,note\na@x.io,ok\nb@x.io,"never closed\nmore\n');
    expect(error.code).toBe('UNTERMINATED_QUOTE');
    expect(error.line).toBe(3);
    expect(error.message).toMatch(/never closed.*line 3/);
  });

  it('rejects NUL bytes as binary data', async () => {
    const error = await formatError(
      Buffer.concat([Buffer.from('email\na@x.io\n'), Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00])]),
    );
    expect(error.code).toBe('BINARY_DATA');
    expect(error.line).toBe(3);
  });

  it('rejects a file in a legacy 8-bit encoding', async () => {
    const latin1 = Buffer.from(Array.from({ length: 20 }, (_, k) => `jos\xe9${k}@x.io\n`).join(''), 'latin1');
    const error = await formatError(latin1);
    expect(error.code).toBe('INVALID_UTF8');
    expect(error.message).toContain('UTF-8');
  });

  it('tolerates a few invalid UTF-8 bytes, replacing them', async () => {
    const input = Buffer.concat([Buffer.from('name\nJos'), Buffer.from([0xe9]), Buffer.from('\n')]);
    const records: string[] = [];
    for await (const record of new CsvRecordReader([input])) records.push(record.raw);
    expect(records).toEqual(['name', 'Jos\uFFFD']);
  });

  it('does not count genuine U+FFFD characters as invalid UTF-8', async () => {
    await expect(readAll('\uFFFD\n'.repeat(50))).resolves.toBe(50);
  });

  it('rejects UTF-16 text with a hint to export UTF-8', async () => {
    const error = await formatError(Buffer.from('\uFEFFemail\n', 'utf16le'));
    expect(error.code).toBe('UNSUPPORTED_ENCODING');
  });

  it('rejects a field over the size limit', async () => {
    const error = await formatError(`a,b\nx,${'y'.repeat(200)}\n`, { maxFieldBytes: 100 });
    expect(error.code).toBe('FIELD_TOO_LARGE');
    expect(error.line).toBe(2);
  });

  it('stops reading at a record over the size limit instead of buffering to end of file', async () => {
    let pulled = 0;
    function* source() {
      yield Buffer.from('a\n"never closed');
      for (let k = 0; k < 1000; k++, pulled++) yield Buffer.alloc(1024, 0x61);
    }
    const error = await readUntilError(source(), { maxRecordBytes: 4096, maxFieldBytes: 4096 });
    expect(error).toBeInstanceOf(CsvFormatError);
    expect((error as CsvFormatError).code).toBe('RECORD_TOO_LARGE');
    expect(pulled).toBeLessThan(100); // the 64 KB delimiter sample, then the first push fails
  });
});

async function readUntilError(source: Iterable<Buffer>, options: CsvReaderOptions): Promise<unknown> {
  try {
    for await (const record of new CsvRecordReader(source, options)) expect(record.raw).toBe('a');
  } catch (e) {
    return e;
  }
  return undefined;
}

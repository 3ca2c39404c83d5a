import { Readable } from 'node:stream';
import { CsvFormatError } from './csv-errors';
import { CsvParser } from './csv-parser';
import { CSV_DEFAULTS, CsvDelimiter, CsvReaderOptions, CsvRecord } from './csv-record';
import { detectDelimiter } from './delimiter-detection';

export type CsvSource = AsyncIterable<Buffer | string> | Iterable<Buffer | string> | Readable;

/**
 * Streams records out of a CSV upload in constant memory: it holds at most the delimiter
 * sample (64 KB) plus one unfinished record. After the first record is yielded, `hasBom`
 * and `delimiter` describe the file (the download writes the BOM back).
 * One-shot, like the stream it reads.
 */
export class CsvRecordReader implements AsyncIterable<CsvRecord> {
  private detectedBom = false;
  private detectedDelimiter: CsvDelimiter | undefined;
  private parser: CsvParser | undefined;
  private started = false;

  constructor(
    private readonly source: CsvSource,
    private readonly options: CsvReaderOptions = {},
  ) {}

  get hasBom(): boolean {
    return this.detectedBom;
  }

  get delimiter(): CsvDelimiter | undefined {
    return this.detectedDelimiter;
  }

  get invalidUtf8Sequences(): number {
    return this.parser?.invalidUtf8Sequences ?? 0;
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<CsvRecord> {
    if (this.started) throw new Error('A CsvRecordReader can be iterated only once');
    this.started = true;
    const head: Buffer[] = [];
    let headBytes = 0;
    for await (const piece of this.source) {
      const chunk = typeof piece === 'string' ? Buffer.from(piece) : piece;
      if (this.parser) {
        yield* this.parser.push(chunk);
        continue;
      }
      head.push(chunk);
      headBytes += chunk.length;
      if (headBytes >= CSV_DEFAULTS.sampleBytes) yield* this.begin(Buffer.concat(head), false);
    }
    if (!this.parser) yield* this.begin(Buffer.concat(head), true);
    yield* this.parser!.end();
  }

  private begin(sample: Buffer, complete: boolean): Generator<CsvRecord> {
    rejectUtf16(sample);
    this.detectedBom = sample[0] === 0xef && sample[1] === 0xbb && sample[2] === 0xbf;
    const body = this.detectedBom ? sample.subarray(3) : sample;
    this.detectedDelimiter = this.options.delimiter ?? detectDelimiter(body, complete);
    this.parser = new CsvParser(this.detectedDelimiter, this.options);
    return this.parser.push(body);
  }
}

/** `for await (const record of readCsvRecords(stream))`; use `CsvRecordReader` to also read `hasBom`/`delimiter`. */
export function readCsvRecords(source: CsvSource, options?: CsvReaderOptions): AsyncGenerator<CsvRecord> {
  return new CsvRecordReader(source, options)[Symbol.asyncIterator]();
}

// Excel's "Unicode text" export: without this it would be reported as binary (NUL bytes).
function rejectUtf16(sample: Buffer): void {
  if ((sample[0] === 0xff && sample[1] === 0xfe) || (sample[0] === 0xfe && sample[1] === 0xff)) {
    throw new CsvFormatError('UNSUPPORTED_ENCODING', 1, 'The file is UTF-16 text; export it as "CSV UTF-8"');
  }
}

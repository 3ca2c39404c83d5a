import { CsvFormatError } from './csv-errors';
import { CSV_DEFAULTS, CsvDelimiter, CsvLineTerminator, CsvReaderOptions, CsvRecord } from './csv-record';
import { countInvalidUtf8 } from './utf8-validation';

const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;
const NUL = 0x00;
const EMPTY = Buffer.alloc(0);

/**
 * Push-based CSV state machine over bytes. Scanning bytes rather than decoded text is safe
 * because `"`, delimiters, CR and LF never occur inside a multi-byte UTF-8 sequence, and it
 * keeps `raw` exact and UTF-8 validation native. Only the unfinished record is carried
 * between chunks (bounded by `maxRecordBytes`), with the scan position, so no byte is
 * scanned twice.
 */
export class CsvParser {
  private pending: Buffer = EMPTY;
  private resumeAt = 0;
  private inQuotes = false;
  private fieldStart = 0;
  private fieldEnds: number[] = [];
  private line = 1;
  private recordLine = 1;
  private nextIndex = 0;
  private invalidUtf8 = 0;
  private readonly delimiter: number;
  private readonly limits: Required<Omit<CsvReaderOptions, 'delimiter'>>;

  constructor(delimiter: CsvDelimiter, options: CsvReaderOptions = {}) {
    this.delimiter = delimiter.charCodeAt(0);
    this.limits = {
      maxFieldBytes: options.maxFieldBytes ?? CSV_DEFAULTS.maxFieldBytes,
      maxRecordBytes: options.maxRecordBytes ?? CSV_DEFAULTS.maxRecordBytes,
      maxInvalidUtf8Sequences: options.maxInvalidUtf8Sequences ?? CSV_DEFAULTS.maxInvalidUtf8Sequences,
      keepEmptyLines: options.keepEmptyLines ?? false,
    };
  }

  /** Invalid UTF-8 sequences seen so far (each replaced by U+FFFD). */
  get invalidUtf8Sequences(): number {
    return this.invalidUtf8;
  }

  *push(chunk: Buffer): Generator<CsvRecord> {
    const buf = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    yield* this.scan(buf, false);
  }

  *end(): Generator<CsvRecord> {
    yield* this.scan(this.pending, true);
    if (this.inQuotes) {
      throw new CsvFormatError('UNTERMINATED_QUOTE', this.recordLine, 'A quoted field is never closed');
    }
  }

  // One tight loop on purpose: this runs once per byte of a 50 MB upload.
  private *scan(buf: Buffer, eof: boolean): Generator<CsvRecord> {
    const delimiter = this.delimiter;
    const len = buf.length;
    let i = this.resumeAt;
    let start = 0;
    let fieldStart = this.fieldStart;
    let inQuotes = this.inQuotes;
    let fieldEnds = this.fieldEnds;
    while (i < len) {
      const b = buf[i];
      if (inQuotes) {
        if (b === QUOTE) {
          if (i + 1 < len) {
            if (buf[i + 1] !== QUOTE) inQuotes = false;
            i += inQuotes ? 2 : 1; // `""` is an escaped quote, a lone `"` closes the field
            continue;
          }
          if (!eof) break; // `""` may straddle the chunk boundary
          inQuotes = false;
        } else if (b === LF) this.line++;
        else if (b === CR) {
          if (i + 1 >= len && !eof) break; // CRLF may straddle the chunk boundary
          if (buf[i + 1] !== LF) this.line++;
        } else if (b === NUL) this.binary();
        i++;
      } else if (b === delimiter) {
        this.checkField(i - fieldStart);
        fieldEnds.push(i);
        fieldStart = ++i;
      } else if (b === LF || b === CR) {
        let terminator: CsvLineTerminator = b === LF ? '\n' : '\r';
        if (b === CR) {
          if (i + 1 >= len && !eof) break;
          if (buf[i + 1] === LF) terminator = '\r\n';
        }
        this.checkField(i - fieldStart);
        const record = this.build(buf, start, i, fieldEnds, terminator);
        i += terminator.length;
        this.line++;
        this.recordLine = this.line;
        start = fieldStart = i;
        fieldEnds = [];
        if (record) yield record;
      } else {
        if (b === QUOTE && i === fieldStart) inQuotes = true;
        else if (b === NUL) this.binary();
        i++;
      }
    }
    if (eof && start < len && !inQuotes) {
      this.checkField(len - fieldStart);
      const record = this.build(buf, start, len, fieldEnds, '');
      start = fieldStart = len;
      fieldEnds = [];
      if (record) yield record;
    }
    this.carry(buf, start, i, fieldStart, fieldEnds, inQuotes);
  }

  /** Keeps the unfinished record, rebased to offset 0, for the next chunk. */
  private carry(buf: Buffer, start: number, i: number, fieldStart: number, fieldEnds: number[], inQuotes: boolean) {
    if (buf.length - start > this.limits.maxRecordBytes) {
      throw new CsvFormatError('RECORD_TOO_LARGE', this.recordLine, `A record is larger than ${this.limits.maxRecordBytes} bytes`);
    }
    this.checkField(buf.length - fieldStart);
    this.pending = start === buf.length ? EMPTY : buf.subarray(start);
    this.resumeAt = i - start;
    this.fieldStart = fieldStart - start;
    this.fieldEnds = start === 0 ? fieldEnds : fieldEnds.map((end) => end - start);
    this.inQuotes = inQuotes;
  }

  private build(buf: Buffer, start: number, end: number, fieldEnds: number[], lineTerminator: CsvLineTerminator): CsvRecord | undefined {
    if (end === start && !this.limits.keepEmptyLines) return undefined;
    if (end - start > this.limits.maxRecordBytes) {
      throw new CsvFormatError('RECORD_TOO_LARGE', this.recordLine, `A record is larger than ${this.limits.maxRecordBytes} bytes`);
    }
    this.checkUtf8(buf.subarray(start, end));
    const raw = buf.toString('utf8', start, end);
    // Pure-ASCII records (the common case) let byte offsets double as string offsets.
    const ascii = raw.length === end - start;
    const fields: string[] = [];
    let fieldStart = start;
    for (let k = 0; k <= fieldEnds.length; k++) {
      const fieldEnd = k < fieldEnds.length ? fieldEnds[k] : end;
      const text = ascii ? raw.slice(fieldStart - start, fieldEnd - start) : buf.toString('utf8', fieldStart, fieldEnd);
      fields.push(text.charCodeAt(0) === QUOTE ? unquote(text) : text);
      fieldStart = fieldEnd + 1;
    }
    return { index: this.nextIndex++, line: this.recordLine, fields, raw, lineTerminator };
  }

  private checkField(bytes: number): void {
    if (bytes > this.limits.maxFieldBytes) {
      throw new CsvFormatError('FIELD_TOO_LARGE', this.recordLine, `A field is larger than ${this.limits.maxFieldBytes} bytes`);
    }
  }

  private checkUtf8(bytes: Buffer): void {
    this.invalidUtf8 += countInvalidUtf8(bytes);
    if (this.invalidUtf8 > this.limits.maxInvalidUtf8Sequences) {
      throw new CsvFormatError('INVALID_UTF8', this.recordLine, 'The file is not valid UTF-8 text; export it as "CSV UTF-8"');
    }
  }

  private binary(): never {
    throw new CsvFormatError('BINARY_DATA', this.line, 'The file contains binary data (NUL bytes) and is not a CSV text file');
  }
}

/** `"a ""b"" c"` -> `a "b" c`; text after the closing quote is kept literally (lenient, like Excel). */
function unquote(text: string): string {
  let out = '';
  let from = 1;
  for (;;) {
    const quote = text.indexOf('"', from);
    if (quote < 0) return out + text.slice(from);
    out += text.slice(from, quote);
    if (text.charCodeAt(quote + 1) !== QUOTE) return out + text.slice(quote + 1);
    out += '"';
    from = quote + 2;
  }
}

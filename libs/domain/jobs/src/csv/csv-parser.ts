import { CsvFormatError } from './csv-errors';
import { CSV_DEFAULTS, CsvDelimiter, CsvLineTerminator, CsvReaderOptions, CsvRecord } from './csv-record';
import { countInvalidUtf8 } from './utf8-validation';

const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;
const NUL = 0x00;
const EMPTY = Buffer.alloc(0);
// Every byte the state machine reacts to (NUL TAB LF CR " , ;) is at most ';' (0x3b), and in
// quotes at most '"'; anything above is skipped with one comparison (most of a real file).
const MAX_SPECIAL = 0x3b;

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

  private *scan(buf: Buffer, eof: boolean): Generator<CsvRecord> {
    let start = 0;
    for (let end = this.findRecordEnd(buf, eof); end >= 0; end = this.findRecordEnd(buf, eof)) {
      const terminator: CsvLineTerminator = buf[end] === LF ? '\n' : buf[end + 1] === LF ? '\r\n' : '\r';
      this.checkField(end - this.fieldStart);
      const record = this.build(buf, start, end, this.fieldEnds, terminator);
      start = this.resumeAt = this.fieldStart = end + terminator.length;
      this.fieldEnds = [];
      this.recordLine = ++this.line;
      if (record) yield record;
    }
    if (eof && start < buf.length && !this.inQuotes) {
      this.checkField(buf.length - this.fieldStart);
      const record = this.build(buf, start, buf.length, this.fieldEnds, '');
      start = this.resumeAt = this.fieldStart = buf.length;
      this.fieldEnds = [];
      if (record) yield record;
    }
    this.carry(buf, start);
  }

  /**
   * Advances from `resumeAt` to the LF or CR ending the current record and returns its
   * index, or -1 when `buf` ends first (scan state is saved to resume there). Kept out of
   * the generator, with its state in locals, because it runs once per byte of the upload.
   */
  private findRecordEnd(buf: Buffer, eof: boolean): number {
    const delimiter = this.delimiter;
    const len = buf.length;
    const fieldEnds = this.fieldEnds;
    let i = this.resumeAt;
    let fieldStart = this.fieldStart;
    let inQuotes = this.inQuotes;
    let line = this.line;
    let end = -1;
    while (i < len) {
      const b = buf[i];
      if (b > MAX_SPECIAL || (inQuotes && b > QUOTE)) {
        i++;
      } else if (inQuotes) {
        if (b === QUOTE) {
          if (i + 1 >= len && !eof) break; // `""` may straddle the chunk boundary
          if (buf[i + 1] !== QUOTE) inQuotes = false;
          i += inQuotes ? 2 : 1; // `""` is an escaped quote, a lone `"` closes the field
          continue;
        }
        if (b === LF) line++;
        else if (b === CR) {
          if (i + 1 >= len && !eof) break; // CRLF may straddle the chunk boundary
          if (buf[i + 1] !== LF) line++;
        } else if (b === NUL) this.binary(line);
        i++;
      } else if (b === delimiter) {
        this.checkField(i - fieldStart);
        fieldEnds.push(i);
        fieldStart = ++i;
      } else if (b === LF || b === CR) {
        if (b === CR && i + 1 >= len && !eof) break;
        end = i;
        break;
      } else {
        if (b === QUOTE && i === fieldStart) inQuotes = true;
        else if (b === NUL) this.binary(line);
        i++;
      }
    }
    this.resumeAt = i;
    this.fieldStart = fieldStart;
    this.inQuotes = inQuotes;
    this.line = line;
    return end;
  }

  /** Keeps the unfinished record, rebased to offset 0, for the next chunk. */
  private carry(buf: Buffer, start: number): void {
    if (buf.length - start > this.limits.maxRecordBytes) {
      throw new CsvFormatError(
        'RECORD_TOO_LARGE',
        this.recordLine,
        `A record is larger than ${this.limits.maxRecordBytes} bytes`,
      );
    }
    this.checkField(buf.length - this.fieldStart);
    this.pending = start === buf.length ? EMPTY : buf.subarray(start);
    this.resumeAt -= start;
    this.fieldStart -= start;
    if (start > 0) this.fieldEnds = this.fieldEnds.map((end) => end - start);
  }

  private build(
    buf: Buffer,
    start: number,
    end: number,
    fieldEnds: number[],
    lineTerminator: CsvLineTerminator,
  ): CsvRecord | undefined {
    if (end === start && !this.limits.keepEmptyLines) return undefined;
    if (end - start > this.limits.maxRecordBytes) {
      throw new CsvFormatError(
        'RECORD_TOO_LARGE',
        this.recordLine,
        `A record is larger than ${this.limits.maxRecordBytes} bytes`,
      );
    }
    const raw = buf.toString('utf8', start, end);
    // One char per byte means ASCII, or lone invalid bytes decoded to U+FFFD. Pure ASCII
    // (the common case) needs no validation and lets byte offsets double as string offsets.
    const ascii = raw.length === end - start && !raw.includes('\uFFFD');
    if (!ascii) this.checkUtf8(buf.subarray(start, end));
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
      throw new CsvFormatError(
        'FIELD_TOO_LARGE',
        this.recordLine,
        `A field is larger than ${this.limits.maxFieldBytes} bytes`,
      );
    }
  }

  private checkUtf8(bytes: Buffer): void {
    this.invalidUtf8 += countInvalidUtf8(bytes);
    if (this.invalidUtf8 > this.limits.maxInvalidUtf8Sequences) {
      throw new CsvFormatError(
        'INVALID_UTF8',
        this.recordLine,
        'The file is not valid UTF-8 text; export it as "CSV UTF-8"',
      );
    }
  }

  private binary(line: number): never {
    throw new CsvFormatError(
      'BINARY_DATA',
      line,
      'The file contains binary data (NUL bytes) and is not a CSV text file',
    );
  }
}

/** `"a ""b"" c"` -> `a "b" c`; text after the closing quote is kept literally (lenient, like Excel). */
function unquote(text: string): string {
  const close = text.indexOf('"', 1);
  if (close === text.length - 1) return text.slice(1, -1); // the usual case: no "" inside
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

import { isUtf8 } from 'node:buffer';
import { CsvFormatError } from '../csv';
import { decodeWindows1252 } from './windows-1252';

/** How an uploaded text file was written; every one but `utf-8` is re-encoded to UTF-8 on the way in. */
export type TextEncoding = 'utf-8' | 'utf-8-bom' | 'utf-16le' | 'utf-16be' | 'windows-1252';

/** The decoded bytes as they stream, and (once they have all been read) the encoding they came in. */
export interface DecodedText {
  utf8: AsyncGenerator<Buffer>;
  encoding(): TextEncoding;
}

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/**
 * Streams an upload's text as UTF-8 whatever Excel or another tool saved it as: UTF-8 (with or
 * without BOM) passes through unchanged, UTF-16 is recognised by its BOM, and bytes that are not
 * UTF-8 are read as Windows-1252 (what Excel on Windows writes for "CSV"; it is a superset of
 * Latin-1 for text, and the one that has € and ’). A file is one encoding: once non-ASCII text
 * has passed as UTF-8, a later invalid byte means the file mixes encodings, which cannot be
 * decoded right, so it is refused with what to do. Memory: one chunk plus 3 bytes.
 */
export function decodeText(source: AsyncIterable<Buffer>): DecodedText {
  let encoding: TextEncoding = 'utf-8';
  async function* utf8(): AsyncGenerator<Buffer> {
    let decoder: TextDecoder | null = null; // UTF-16, known from the BOM
    let windows1252 = false; // set once the file is known not to be UTF-8
    let carry: Buffer = Buffer.alloc(0);
    let sawNonAscii = false;
    let lines = 1;
    let first = true;
    for await (const piece of source) {
      const chunk = carry.length ? Buffer.concat([carry, piece]) : piece;
      carry = Buffer.alloc(0);
      if (first) {
        first = false;
        if (chunk[0] === 0xff && chunk[1] === 0xfe) decoder = utf16('utf-16le');
        else if (chunk[0] === 0xfe && chunk[1] === 0xff) decoder = utf16('utf-16be');
        else if (chunk.subarray(0, 3).equals(UTF8_BOM)) encoding = 'utf-8-bom';
        if (decoder) encoding = decoder.encoding === 'utf-16le' ? 'utf-16le' : 'utf-16be';
      }
      if (decoder) {
        yield Buffer.from(decode(decoder, chunk, true), 'utf8');
        continue;
      }
      if (windows1252) {
        yield Buffer.from(decodeWindows1252(chunk), 'utf8');
        continue;
      }
      const complete = completeUtf8Length(chunk);
      const whole = chunk.subarray(0, complete);
      if (isUtf8(whole)) {
        carry = Buffer.from(chunk.subarray(complete));
        if (!sawNonAscii && whole.some((byte) => byte >= 0x80)) sawNonAscii = true;
        lines += countLines(whole);
        yield whole;
        continue;
      }
      const validLength = firstInvalidUtf8(whole);
      if (sawNonAscii || whole.subarray(0, validLength).some((byte) => byte >= 0x80)) {
        throw new CsvFormatError(
          'INVALID_UTF8',
          lines + countLines(whole.subarray(0, validLength)),
          'The file mixes UTF-8 with another encoding, so its accents cannot be read right. ' +
            'Open it in Excel and save it again as "CSV UTF-8 (Comma delimited)"',
        );
      }
      // Everything so far was ASCII, which reads the same in Windows-1252: switch from here on.
      windows1252 = true;
      encoding = 'windows-1252';
      yield Buffer.from(decodeWindows1252(chunk), 'utf8');
    }
    if (decoder) {
      const rest = decode(decoder, Buffer.alloc(0), false);
      if (rest) yield Buffer.from(rest, 'utf8');
    } else if (carry.length) {
      if (!sawNonAscii) {
        // A file whose only non-ASCII bytes are a cut sequence at its very end: Windows-1252 too.
        encoding = 'windows-1252';
        yield Buffer.from(decodeWindows1252(carry), 'utf8');
      } else {
        throw new CsvFormatError('INVALID_UTF8', lines, 'The file ends in the middle of a UTF-8 character');
      }
    }
  }
  return { utf8: utf8(), encoding: () => encoding };
}

/** UTF-16 with a BOM (Excel's "Unicode Text"); `fatal` so a broken file is refused, not garbled. */
function utf16(label: 'utf-16le' | 'utf-16be'): TextDecoder {
  return new TextDecoder(label, { fatal: true });
}

function decode(decoder: TextDecoder, bytes: Buffer, stream: boolean): string {
  try {
    return decoder.decode(bytes, { stream });
  } catch {
    throw new CsvFormatError('INVALID_UTF8', 1, `The file is not valid ${decoder.encoding.toUpperCase()} text`);
  }
}

/** Length of `bytes` without a trailing UTF-8 sequence that the next chunk may complete. */
function completeUtf8Length(bytes: Buffer): number {
  for (let back = 1; back <= Math.min(3, bytes.length); back++) {
    const byte = bytes[bytes.length - back];
    if ((byte & 0xc0) === 0x80) continue; // a continuation byte: look further back for its lead
    const needed = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return needed > back ? bytes.length - back : bytes.length;
  }
  return bytes.length;
}

/** Length of the longest prefix of `bytes` that is whole, valid UTF-8. */
function firstInvalidUtf8(bytes: Buffer): number {
  let low = 0;
  let high = bytes.length;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (isUtf8(bytes.subarray(0, completeUtf8Length(bytes.subarray(0, mid))))) low = mid;
    else high = mid - 1;
  }
  return completeUtf8Length(bytes.subarray(0, low));
}

function countLines(bytes: Buffer): number {
  let count = 0;
  for (let at = bytes.indexOf(0x0a); at >= 0; at = bytes.indexOf(0x0a, at + 1)) count++;
  return count;
}

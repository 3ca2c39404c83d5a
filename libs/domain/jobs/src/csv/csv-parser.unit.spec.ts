import { CsvParser } from './csv-parser';
import { CsvRecord } from './csv-record';

function parseInPieces(input: Buffer, pieceSizes: (offset: number) => number): CsvRecord[] {
  const parser = new CsvParser(',');
  const records: CsvRecord[] = [];
  for (let offset = 0; offset < input.length;) {
    const size = pieceSizes(offset);
    records.push(...parser.push(input.subarray(offset, offset + size)));
    offset += size;
  }
  records.push(...parser.end());
  return records;
}

// Every construct whose bytes can straddle a chunk boundary: CRLF, "" escapes, quoted
// newlines, multi-byte characters, a final CR and a last line without terminator.
const TRICKY = Buffer.from('a,"b ""q"" c"\r\n"x\r\ny",ü€😀\r"",z\r\n\r\n,,\nlast,"one"');

describe('CSV parser chunking', () => {
  const whole = parseInPieces(TRICKY, () => TRICKY.length);

  it('parses the tricky sample as expected when given in one piece', () => {
    expect(whole.map((r) => r.fields)).toEqual([
      ['a', 'b "q" c'],
      ['x\r\ny', 'ü€😀'],
      ['', 'z'],
      ['', '', ''],
      ['last', 'one'],
    ]);
    expect(whole.map((r) => r.line)).toEqual([1, 2, 4, 6, 7]);
  });

  it('gives the same records for every split point of the input', () => {
    for (let split = 1; split < TRICKY.length; split++) {
      expect(parseInPieces(TRICKY, (offset) => (offset === 0 ? split : TRICKY.length))).toEqual(whole);
    }
  });

  it('gives the same records when fed one byte at a time', () => {
    expect(parseInPieces(TRICKY, () => 1)).toEqual(whole);
  });
});

import { CsvRecordReader } from './csv-record-reader';
import { CsvReaderOptions, CsvRecord } from './csv-record';

async function read(
  input: string | Buffer,
  options?: CsvReaderOptions,
): Promise<{ reader: CsvRecordReader; records: CsvRecord[] }> {
  const reader = new CsvRecordReader([Buffer.from(input)], options);
  const records: CsvRecord[] = [];
  for await (const record of reader) records.push(record);
  return { reader, records };
}

const fields = (records: CsvRecord[]) => records.map((record) => record.fields);

describe('CSV record reader', () => {
  describe('when the file starts with a UTF-8 BOM', () => {
    it('strips it from the first field and raw text and remembers it', async () => {
      const { reader, records } = await read('\uFEFFemail,name\na@x.io,Ann\n');
      expect(reader.hasBom).toBe(true);
      expect(records[0].fields).toEqual(['email', 'name']);
      expect(records[0].raw).toBe('email,name');
    });

    it('reports no BOM for a file without one', async () => {
      const { reader } = await read('email\na@x.io\n');
      expect(reader.hasBom).toBe(false);
    });
  });

  describe('line terminators', () => {
    it('splits CRLF lines and keeps each terminator', async () => {
      const { records } = await read('a,b\r\nc,d\r\n');
      expect(fields(records)).toEqual([
        ['a', 'b'],
        ['c', 'd'],
      ]);
      expect(records.map((r) => r.lineTerminator)).toEqual(['\r\n', '\r\n']);
    });

    it('splits old Mac CR-only lines', async () => {
      const { records } = await read('a,b\rc,d\re,f');
      expect(fields(records)).toEqual([
        ['a', 'b'],
        ['c', 'd'],
        ['e', 'f'],
      ]);
      expect(records.map((r) => r.lineTerminator)).toEqual(['\r', '\r', '']);
    });

    it('handles mixed terminators in one file', async () => {
      const { records } = await read('a\nb\r\nc\rd');
      expect(fields(records)).toEqual([['a'], ['b'], ['c'], ['d']]);
    });
  });

  describe('delimiters', () => {
    it('detects a semicolon file', async () => {
      const { reader, records } = await read('email;name;amount\na@x.io;Ann;1,5\nb@x.io;Bob;2,25\n');
      expect(reader.delimiter).toBe(';');
      expect(records[1].fields).toEqual(['a@x.io', 'Ann', '1,5']);
    });

    it('detects a TAB file whose values contain commas', async () => {
      const { reader, records } = await read('email\tname\na@x.io\tSmith, Ann\nb@x.io\tDoe, Bob\n');
      expect(reader.delimiter).toBe('\t');
      expect(records[2].fields).toEqual(['b@x.io', 'Doe, Bob']);
    });

    it('uses the given delimiter instead of detecting one', async () => {
      const { records } = await read('a;b,c\n', { delimiter: ',' });
      expect(records[0].fields).toEqual(['a;b', 'c']);
    });
  });

  describe('quoted fields', () => {
    it('keeps delimiters and newlines inside quotes in one field', async () => {
      const { records } = await read('id,note,email\n1,"two, lines\r\nhere",a@x.io\n2,plain,b@x.io\n');
      expect(records[1].fields).toEqual(['1', 'two, lines\r\nhere', 'a@x.io']);
      expect(records[2].line).toBe(4);
    });

    it('unescapes doubled quotes', async () => {
      const { records } = await read('"say ""hi""",""""\n');
      expect(records[0].fields).toEqual(['say "hi"', '"']);
    });

    it('treats a quote inside an unquoted field as a literal character', async () => {
      const { records } = await read('6" pipe,x\n');
      expect(records[0].fields).toEqual(['6" pipe', 'x']);
    });

    it('keeps text after a closing quote, as spreadsheets do', async () => {
      const { records } = await read('"a"b,c\n');
      expect(records[0].fields).toEqual(['ab', 'c']);
    });
  });

  describe('empty lines and ragged rows', () => {
    it('skips empty lines without consuming an index but keeps physical line numbers', async () => {
      const { records } = await read('email\n\na@x.io\r\n\r\n\nb@x.io\n\n');
      expect(records.map((r) => [r.index, r.line, r.fields[0]])).toEqual([
        [0, 1, 'email'],
        [1, 3, 'a@x.io'],
        [2, 6, 'b@x.io'],
      ]);
    });

    it('yields empty lines when asked to keep them', async () => {
      const { records } = await read('a\n\nb', { keepEmptyLines: true });
      expect(records.map((r) => r.raw)).toEqual(['a', '', 'b']);
    });

    it('yields rows with fewer or more fields than the header as they are', async () => {
      const { records } = await read('a,b,c\n1\n1,2,3,4\n,,\n');
      expect(fields(records)).toEqual([['a', 'b', 'c'], ['1'], ['1', '2', '3', '4'], ['', '', '']]);
    });
  });

  describe('raw text', () => {
    it('reproduces the file byte for byte from raw text and terminators', async () => {
      const original =
        'Email;"Nom; complet";Note\r\nzoë@x.io;"Zoë ""Z"" Ünal";"multi\nline"\r\n  b@x.io ;; \r\n"c@x.io";x;"y"';
      const { records } = await read(`\uFEFF${original}`);
      expect(Buffer.from(records.map((r) => r.raw + r.lineTerminator).join(''))).toEqual(Buffer.from(original));
    });
  });

  it('yields nothing for an empty file', async () => {
    const { records } = await read('');
    expect(records).toEqual([]);
  });

  it('can be iterated only once', async () => {
    const { reader } = await read('a\n');
    await expect(reader[Symbol.asyncIterator]().next()).rejects.toThrow('only once');
  });
});

import { CsvRecordReader } from './csv-record-reader';
import { CsvRecord } from './csv-record';
import { formatCsvField, neutralizeFormula } from './csv-field-format';
import { formatResultHeader, formatResultRow } from './merge-writer';

async function read(text: string): Promise<{ reader: CsvRecordReader; records: CsvRecord[] }> {
  const reader = new CsvRecordReader([Buffer.from(text)]);
  const records: CsvRecord[] = [];
  for await (const record of reader) records.push(record);
  return { reader, records };
}

describe('merge writer', () => {
  it('appends results to every row while keeping the original bytes, quoting and terminators', async () => {
    const original = '\uFEFFEmail;"Nom; complet";Note\r\nzoë@x.io;"Zoë ""Z""";"a\nb"\r\n"b@x.io" ;x;\r\nc@x.io;y;z';
    const { reader, records } = await read(original);
    const [header, ...rows] = records;
    const merged =
      (reader.hasBom ? '\uFEFF' : '') +
      formatResultHeader(header, ['result', 'riskScore'], reader.delimiter!) +
      rows.map((row, k) => formatResultRow(row, ['ok', String(k)], reader.delimiter!)).join('');
    expect(merged).toBe(
      '\uFEFFEmail;"Nom; complet";Note;result;riskScore\r\n' +
        'zoë@x.io;"Zoë ""Z""";"a\nb";ok;0\r\n' +
        '"b@x.io" ;x;;ok;1\r\n' +
        'c@x.io;y;z;ok;2',
    );
  });

  it('leaves a row untouched when no result column is selected', async () => {
    const { records } = await read('a@x.io,"q ""x"""\n');
    expect(formatResultRow(records[0], [], ',')).toBe('a@x.io,"q ""x"""\n');
  });

  it('pads short rows so results line up under their header names', async () => {
    const { records } = await read('a@x.io\n');
    expect(formatResultRow(records[0], ['ok'], ',', { columnCount: 3 })).toBe('a@x.io,,,ok\n');
  });

  it('quotes an appended value only when it holds the delimiter, a quote or a newline', async () => {
    const { records } = await read('a@x.io;1\n');
    expect(formatResultRow(records[0], ['plain', 'has;semi', 'has,comma', 'say "x"'], ';')).toBe(
      'a@x.io;1;plain;"has;semi";has,comma;"say ""x"""\n',
    );
  });

  it('labels result columns of a file without a header, leaving original columns unnamed', () => {
    expect(formatResultHeader(undefined, ['result', 'quality'], '\t', { columnCount: 3, lineTerminator: '\r\n' })).toBe(
      '\t\t\tresult\tquality\r\n',
    );
  });

  it('defuses appended values that a spreadsheet would run as formulas', async () => {
    const { records } = await read('a@x.io\n');
    expect(formatResultRow(records[0], ['=HYPERLINK("http://evil")', '@SUM(1)', '+1', '-2', 'ok'], ',')).toBe(
      `a@x.io,"'=HYPERLINK(""http://evil"")",'@SUM(1),'+1,'-2,ok\n`,
    );
  });

  it('never alters the original columns, even when they look like formulas', async () => {
    const { records } = await read('=1+1,a@x.io\n');
    expect(formatResultRow(records[0], ['ok'], ',')).toBe('=1+1,a@x.io,ok\n');
  });
});

describe('field formatting', () => {
  it.each([
    ['', ''],
    ['ok', 'ok'],
    ['\tTAB', "'\tTAB"],
    ['mid=dle', 'mid=dle'],
  ])('neutralizes %j as %j', (value, expected) => {
    expect(neutralizeFormula(value)).toBe(expected);
  });

  it('quotes a TAB only in a TAB-delimited file', () => {
    expect([formatCsvField('a\tb', ','), formatCsvField('a\tb', '\t')]).toEqual(['a\tb', '"a\tb"']);
  });
});

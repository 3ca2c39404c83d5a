import { columnLabel, detectDelimiter, parseCsv, previewCsv } from './csv-preview';

describe('CSV preview of an upload', () => {
  it('reads quoted fields with delimiters, doubled quotes and line breaks', () => {
    expect(parseCsv('a,"b, c","say ""hi""","two\r\nlines"\r\nx,y,z,w\n', ',')).toEqual([
      ['a', 'b, c', 'say "hi"', 'two\r\nlines'],
      ['x', 'y', 'z', 'w'],
    ]);
  });

  it('detects semicolon, tab and comma files', () => {
    expect(detectDelimiter('name;email\nAnn;ann@x.test\nBo;bo@x.test\n')).toBe(';');
    expect(detectDelimiter('name\temail\nAnn\tann@x.test\n')).toBe('\t');
    expect(detectDelimiter('"Smith; Ann",ann@x.test\n"Li; Bo",bo@x.test\n')).toBe(',');
  });

  it('finds the email column from the header and keeps the first five data rows', () => {
    const text = ['id,Name,E-mail,notes', ...Array.from({ length: 9 }, (_, k) => `${k},P${k},p${k}@x.test,n`)].join(
      '\n',
    );
    const preview = previewCsv(text, true);
    expect(preview).toMatchObject({
      delimiter: ',',
      hasHeader: true,
      header: ['id', 'Name', 'E-mail', 'notes'],
      emailColumn: 2,
      columnCount: 4,
      rowsRead: 9,
    });
    expect(preview.rows).toHaveLength(5);
    expect(preview.rows[0]).toEqual(['0', 'P0', 'p0@x.test', 'n']);
  });

  it('finds the email column from the values in a headerless file, after a BOM', () => {
    const preview = previewCsv('\uFEFFAnn,ann@x.test,1\nBo,bo@x.test,2\nCy,,3\n', true);
    expect(preview.hasHeader).toBe(false);
    expect(preview.emailColumn).toBe(1);
    expect(preview.rowsRead).toBe(3);
    expect(columnLabel(preview, 1)).toBe('Column 2 (e.g. ann@x.test)');
  });

  it('finds no column when nothing looks like an address, so the user must choose', () => {
    expect(previewCsv('a,b\n1,2\n3,4\n', true).emailColumn).toBeNull();
  });

  it('leaves out the last record of a partial read, which may be cut in half', () => {
    const preview = previewCsv('email\na@x.test\nb@x.test\nc@x.t', false);
    expect(preview.rowsRead).toBe(2);
    expect(preview.complete).toBe(false);
  });
});

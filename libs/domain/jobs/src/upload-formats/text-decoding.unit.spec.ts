import { CsvFormatError } from '../csv';
import { decodeText } from './text-decoding';
import { linesAsCsv } from './text-lines';

/** Windows-1252 bytes of what Excel on Windows saves: é ü ñ € ’ (€ and ’ are not Latin-1). */
const CP1252 = Buffer.from([0xe9, 0xfc, 0xf1, 0x80, 0x92]);
const TEXT = 'éüñ€’';

async function decodeAll(chunks: Buffer[]) {
  const decoded = decodeText(
    (async function* () {
      yield* chunks;
    })(),
  );
  const out: Buffer[] = [];
  for await (const chunk of decoded.utf8) out.push(chunk);
  return { text: Buffer.concat(out).toString('utf8'), bytes: Buffer.concat(out), encoding: decoded.encoding() };
}

function inPieces(bytes: Buffer, size: number): Buffer[] {
  const pieces: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) pieces.push(bytes.subarray(at, at + size));
  return pieces;
}

describe('decoding an uploaded text file', () => {
  it('finding 4: reads a Windows-1252 CSV (Excel on Windows) with é, ü, ñ, € and ’ right', async () => {
    const file = Buffer.concat([Buffer.from('email,name\nana@example.com,'), CP1252, Buffer.from('\n')]);
    const decoded = await decodeAll([file]);
    expect(decoded.encoding).toBe('windows-1252');
    expect(decoded.text).toBe(`email,name\nana@example.com,${TEXT}\n`);
  });

  it('finding 4: switches to Windows-1252 when the first accent comes far into the file', async () => {
    const ascii = Buffer.from('a@example.com,plain\n'.repeat(10_000));
    const file = Buffer.concat([ascii, Buffer.from('b@example.com,'), CP1252, Buffer.from('\n')]);
    const decoded = await decodeAll(inPieces(file, 16_384));
    expect(decoded.encoding).toBe('windows-1252');
    expect(decoded.text.endsWith(`b@example.com,${TEXT}\n`)).toBe(true);
    expect(decoded.text.length).toBe(ascii.length + 'b@example.com,'.length + TEXT.length + 1);
  });

  it('passes UTF-8 through byte for byte, a character cut between two chunks included', async () => {
    const file = Buffer.from(`email,name\nana@example.com,${TEXT}\n`.repeat(50), 'utf8');
    const decoded = await decodeAll(inPieces(file, 7));
    expect(decoded.encoding).toBe('utf-8');
    expect(decoded.bytes.equals(file)).toBe(true);
  });

  it('keeps a UTF-8 BOM and says the file had one', async () => {
    const file = Buffer.from(`\uFEFFemail\n${TEXT}@example.com\n`, 'utf8');
    const decoded = await decodeAll([file]);
    expect(decoded.encoding).toBe('utf-8-bom');
    expect(decoded.bytes.equals(file)).toBe(true);
  });

  it.each([
    ['utf-16le', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(`email\n${TEXT}@example.com\n`, 'utf16le')])],
    [
      'utf-16be',
      Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(`email\n${TEXT}@example.com\n`, 'utf16le').swap16()]),
    ],
  ])('reads %s with its BOM (Excel\'s "Unicode Text") as UTF-8 text', async (encoding, file) => {
    const decoded = await decodeAll(inPieces(file, 5));
    expect(decoded.encoding).toBe(encoding);
    expect(decoded.text).toBe(`email\n${TEXT}@example.com\n`);
  });

  it('refuses a file that mixes UTF-8 and Windows-1252, naming the line and what to do', async () => {
    const file = Buffer.concat([Buffer.from(`email\né@example.com\nx\n`, 'utf8'), CP1252, Buffer.from('\n')]);
    const error = await decodeAll([file]).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(CsvFormatError);
    expect((error as CsvFormatError).line).toBe(4);
    expect((error as CsvFormatError).message).toMatch(/CSV UTF-8/);
  });
});

describe('a .txt list', () => {
  it('becomes a CSV of one column, a line with a comma kept as one cell, blank lines left out', async () => {
    const lines = linesAsCsv(
      (async function* () {
        yield Buffer.from('ana@example.com\r\n\r\nbo, jr@exa');
        yield Buffer.from('mple.com\nsay "hi"@example.com');
      })(),
    );
    const out: Buffer[] = [];
    for await (const chunk of lines) out.push(chunk);
    expect(Buffer.concat(out).toString('utf8')).toBe(
      'ana@example.com\n"bo, jr@example.com"\n"say ""hi""@example.com"\n',
    );
  });
});

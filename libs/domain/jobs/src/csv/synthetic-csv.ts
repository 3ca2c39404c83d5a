/**
 * A deterministic, realistic upload for the memory test and the benchmark: an email column
 * among quoted columns with embedded delimiters, escaped quotes and, every 50th row, an
 * embedded CRLF. About 100 bytes a row; generated lazily so the input itself costs no memory.
 */
export function* syntheticCsv(rows: number, chunkBytes = 64 * 1024): Generator<Buffer> {
  let parts: string[] = ['id,email,"Full Name",company,note,score\r\n'];
  let size = parts[0].length;
  for (let i = 0; i < rows; i++) {
    const note = i % 50 === 0 ? '"called twice,\r\nno answer"' : 'imported; ok';
    const row = `${i},user.${i}@domain${i % 300}.example,"Last${i % 977}, First${i % 613}","Acme ""Quoted"" ${i % 1000} Holdings Inc",${note},${i % 100}\r\n`;
    parts.push(row);
    size += row.length;
    if (size >= chunkBytes) {
      yield Buffer.from(parts.join(''));
      parts = [];
      size = 0;
    }
  }
  if (parts.length > 0) yield Buffer.from(parts.join(''));
}

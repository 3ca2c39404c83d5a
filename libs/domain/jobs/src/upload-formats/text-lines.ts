/** What would make a line read as several fields, or as a quoted field, in a CSV of one column. */
const NEEDS_QUOTES = /[",;\t|]/;

/**
 * A `.txt` list, one address per line, as a CSV of one column: a line that holds a comma (or
 * another delimiter, or a quote) is quoted so it stays one cell. Blank lines are left out, as the
 * CSV reader leaves out blank records. Memory: one chunk plus one unfinished line.
 */
export async function* linesAsCsv(utf8: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  let rest = '';
  const decoder = new TextDecoder('utf-8');
  for await (const chunk of utf8) {
    const lines = (rest + decoder.decode(chunk, { stream: true })).split('\n');
    rest = lines.pop() ?? '';
    const csv = recordsOf(lines);
    if (csv) yield Buffer.from(csv, 'utf8');
  }
  const last = recordsOf([rest + decoder.decode()]);
  if (last) yield Buffer.from(last, 'utf8');
}

function recordsOf(lines: string[]): string {
  let out = '';
  for (const raw of lines) {
    const line = raw.replace(/^\uFEFF/, '').replace(/\r$/, '');
    if (line.trim() === '') continue;
    out += (NEEDS_QUOTES.test(line) ? `"${line.replace(/"/g, '""')}"` : line) + '\n';
  }
  return out;
}

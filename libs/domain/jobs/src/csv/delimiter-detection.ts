import { CSV_DELIMITERS, CsvDelimiter } from './csv-record';

const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;
const MAX_SAMPLE_ROWS = 100;

/**
 * Picks the delimiter from the first rows of a file: per row, count each candidate outside
 * quotes; the candidate whose count is the same non-zero number on the most rows wins.
 * Ties go to the larger per-row count (a `;` file with decimal commas has more `;` per row),
 * then to the order `,` `;` TAB. A file with no candidate at all is one column: `,`.
 * `complete` says whether `sample` is the whole file; if not, its last row may be cut off
 * and is ignored.
 */
export function detectDelimiter(sample: Buffer, complete: boolean): CsvDelimiter {
  const rows = countPerRow(sample, complete);
  let best: { delimiter: CsvDelimiter; agreeing: number; perRow: number } | undefined;
  for (const [k, delimiter] of CSV_DELIMITERS.entries()) {
    const { value: perRow, frequency: agreeing } = mode(rows.map((counts) => counts[k]));
    if (perRow === 0) continue;
    if (!best || agreeing > best.agreeing || (agreeing === best.agreeing && perRow > best.perRow)) {
      best = { delimiter, agreeing, perRow };
    }
  }
  return best?.delimiter ?? ',';
}

/** Candidate counts outside quotes, one `[comma, semicolon, tab]` triple per non-empty row. */
function countPerRow(sample: Buffer, complete: boolean): number[][] {
  const codes = CSV_DELIMITERS.map((d) => d.charCodeAt(0));
  const rows: number[][] = [];
  let counts = [0, 0, 0];
  let inQuotes = false;
  let rowHasContent = false;
  for (let i = 0; i < sample.length && rows.length < MAX_SAMPLE_ROWS; i++) {
    const b = sample[i];
    if (b === QUOTE)
      inQuotes = !inQuotes; // "" toggles twice: right for escaped quotes too
    else if (!inQuotes && (b === LF || b === CR)) {
      if (rowHasContent) rows.push(counts);
      counts = [0, 0, 0];
      rowHasContent = false;
      continue;
    } else if (!inQuotes) {
      const k = codes.indexOf(b);
      if (k >= 0) counts[k]++;
    }
    rowHasContent = true;
  }
  if (complete && rowHasContent && rows.length < MAX_SAMPLE_ROWS) rows.push(counts);
  return rows;
}

function mode(values: number[]): { value: number; frequency: number } {
  const frequencies = new Map<number, number>();
  let best = { value: 0, frequency: 0 };
  for (const value of values) {
    const frequency = (frequencies.get(value) ?? 0) + 1;
    frequencies.set(value, frequency);
    if (frequency > best.frequency || (frequency === best.frequency && value > best.value)) {
      best = { value, frequency };
    }
  }
  return best;
}

/**
 * A preview of an uploaded CSV read in the browser before anything is sent: the delimiter, the
 * first rows, whether the first row is a header and which column holds the addresses. The server
 * detects the same things on upload; the page sends the column the user settled on explicitly.
 */
export interface CsvPreview {
  delimiter: string;
  hasHeader: boolean;
  header: string[] | null;
  rows: string[][];
  columnCount: number;
  emailColumn: number | null;
  /** Data rows in the part that was read (a lower bound for big files). */
  rowsRead: number;
  complete: boolean;
}

const DELIMITERS = [',', ';', '\t', '|'];
const EMAIL_HEADER = /^(e[-_ ]?mail|email[-_ ]?address|mail|courriel|correo)$/i;
const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** RFC 4180 records: quoted fields may hold the delimiter, doubled quotes and line breaks. */
export function parseCsv(text: string, delimiter: string, maxRows = Infinity): string[][] {
  const rows: string[][] = [];
  let field = '';
  let row: string[] = [];
  let quoted = false;
  let i = 0;
  const endRow = () => {
    row.push(field);
    field = '';
    if (!(row.length === 1 && row[0] === '')) rows.push(row);
    row = [];
  };
  while (i < text.length && rows.length < maxRows) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i += 2;
        continue;
      }
      if (ch === '"') {
        quoted = false;
        i++;
        continue;
      }
      field += ch;
      i++;
      continue;
    }
    if (ch === '"' && field === '') {
      quoted = true;
      i++;
      continue;
    }
    if (ch === delimiter) {
      row.push(field);
      field = '';
      i++;
      continue;
    }
    if (ch === '\r' || ch === '\n') {
      endRow();
      i += ch === '\r' && text[i + 1] === '\n' ? 2 : 1;
      continue;
    }
    field += ch;
    i++;
  }
  if (rows.length < maxRows && (field !== '' || row.length > 0)) endRow();
  return rows;
}

/** The delimiter that splits the first lines into the same number of fields, more than one. */
export function detectDelimiter(text: string): string {
  const sample = text.slice(0, 64 * 1024);
  let best = ',';
  let bestScore = 0;
  for (const delimiter of DELIMITERS) {
    const rows = parseCsv(sample, delimiter, 20);
    if (rows.length === 0) continue;
    const width = rows[0].length;
    const consistent = rows.filter((r) => r.length === width).length / rows.length;
    const score = width > 1 ? consistent * width : 0;
    if (score > bestScore) {
      best = delimiter;
      bestScore = score;
    }
  }
  return best;
}

/** The column whose header names an email, else the column where most values look like addresses. */
export function detectEmailColumn(header: string[] | null, rows: string[][]): number | null {
  if (header) {
    const named = header.findIndex((name) => EMAIL_HEADER.test(name.trim()));
    if (named >= 0) return named;
  }
  const width = Math.max(0, ...rows.map((r) => r.length));
  let best: number | null = null;
  let bestShare = 0;
  for (let c = 0; c < width; c++) {
    const values = rows.map((r) => (r[c] ?? '').trim()).filter(Boolean);
    const share = values.length ? values.filter((v) => LOOKS_LIKE_EMAIL.test(v)).length / values.length : 0;
    if (share > bestShare) {
      best = c;
      bestShare = share;
    }
  }
  return bestShare >= 0.5 ? best : null;
}

/** A first row is a header when none of its cells looks like an address but the rows below have some. */
export function detectHeader(rows: string[][]): boolean {
  if (rows.length < 2) return rows.length === 1 && !rows[0].some((v) => LOOKS_LIKE_EMAIL.test(v.trim()));
  const first = rows[0].some((v) => LOOKS_LIKE_EMAIL.test(v.trim()));
  const rest = rows.slice(1).some((r) => r.some((v) => LOOKS_LIKE_EMAIL.test(v.trim())));
  return !first && rest;
}

/**
 * Builds the preview from the first part of the file (`complete` says whether that part is the whole
 * file). Only `previewRows` rows are kept for display; all rows read are counted.
 */
export function previewCsv(text: string, complete: boolean, previewRows = 5): CsvPreview {
  const clean = text.replace(/^\uFEFF/, '');
  const delimiter = detectDelimiter(clean);
  let all = parseCsv(clean, delimiter);
  // A partial read may cut the last record in half: leave it out of counts and preview.
  if (!complete && all.length > 1) all = all.slice(0, -1);
  const hasHeader = detectHeader(all);
  const header = hasHeader ? all[0] : null;
  const data = hasHeader ? all.slice(1) : all;
  const columnCount = Math.max(header?.length ?? 0, ...data.slice(0, 50).map((r) => r.length), 0);
  return {
    delimiter,
    hasHeader,
    header,
    columnCount,
    complete,
    rows: data.slice(0, previewRows),
    emailColumn: detectEmailColumn(header, data.slice(0, 200)),
    rowsRead: data.length,
  };
}

/** A column's name for the chooser: its header, or its letter and first value in a headerless file. */
export function columnLabel(preview: CsvPreview, index: number): string {
  const name = preview.header?.[index]?.trim();
  if (name) return name;
  const sample = preview.rows[0]?.[index]?.trim();
  return `Column ${index + 1}${sample ? ` (e.g. ${sample.slice(0, 30)})` : ''}`;
}

export const PREVIEW_BYTES = 256 * 1024;

/** Reads the first PREVIEW_BYTES of a file (a preview of a list at the upload limit needs no more). */
export async function readFileStart(file: Blob): Promise<{ text: string; complete: boolean }> {
  const part = file.slice(0, PREVIEW_BYTES);
  const text = await new Response(part).text();
  return { text, complete: file.size <= PREVIEW_BYTES };
}

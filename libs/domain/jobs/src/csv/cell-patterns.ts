// Loose on purpose: these decide which column to verify, not whether an address is valid.
const EMAIL = /^[^\s@<>()[\],;:"]+@[^\s@<>()[\],;:"]+\.[^\s@<>()[\],;:".]{2,}$/;
const DOMAIN_OR_URL =
  /^(?:https?:\/\/)?(?:[^\s@/]+@)?[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*\.[a-z]{2,63}\.?(?::\d+)?(?:[/?#]\S*)?$/i;

export function looksLikeEmail(cell: string): boolean {
  return EMAIL.test(stripMailto(cell.trim()));
}

/** A bare domain or a website URL, but not an email address. */
export function looksLikeDomainOrUrl(cell: string): boolean {
  const value = cell.trim();
  return !value.includes('@') && DOMAIN_OR_URL.test(value);
}

/** `E-mail Address`, `email_address` and `Adresse électronique` compare as `emailaddress` etc. */
export function normalizeHeaderName(cell: string): string {
  return cell
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/**
 * Share of `rows` whose cell in `column` satisfies `test`. Empty cells count against the
 * column, so a sparse column of secondary addresses loses to a well-filled one.
 */
export function columnShare(rows: readonly string[][], column: number, test: (cell: string) => boolean): number {
  if (rows.length === 0) return 0;
  let matching = 0;
  for (const row of rows) {
    const cell = row[column]?.trim();
    if (cell && test(cell)) matching++;
  }
  return matching / rows.length;
}

export function columnCount(rows: readonly string[][]): number {
  return rows.reduce((max, row) => Math.max(max, row.length), 0);
}

function stripMailto(value: string): string {
  return value.toLowerCase().startsWith('mailto:') ? value.slice(7) : value;
}

import { parseCsv } from './csv-preview';

// Stricter than the server's syntax check (libs/domain/verification-engine email-syntax.ts): every address passing it
// passes there too, so two spellings that differ only in case are one address on both sides.
const ATOM = /^[A-Za-z0-9!#$%&'*+\-/=?^_`{|}~]+$/;
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const TLD = /^[a-z]{2,63}$/;

function plainAddress(value: string): boolean {
  const at = value.lastIndexOf('@');
  if (at <= 0 || at > 64 || value.length > 254) return false;
  const local = value.slice(0, at);
  const labels = value
    .slice(at + 1)
    .toLowerCase()
    .split('.');
  return (
    local.split('.').every((atom) => ATOM.test(atom)) &&
    labels.length >= 2 &&
    labels.every((label) => LABEL.test(label) && !label.startsWith('xn--')) &&
    TLD.test(labels[labels.length - 1])
  );
}

/**
 * What the server counts a cell as (libs/domain/verification-jobs address-key.ts), or a finer key: null for an
 * empty cell (free); a plain address case-insensitively; anything else (a malformed cell, verified as
 * invalid and charged 1 credit like any invalid) as written. A finer key can only count more, never less.
 */
export function costKey(cell: string | undefined): string | null {
  const value = (cell ?? '').trim().replace(/^mailto:/i, '');
  if (!value) return null;
  return plainAddress(value) ? value.toLowerCase() : `as-written:${value}`;
}

export interface CostEstimate {
  /**
   * Most credits the list can cost: one per distinct non-empty cell, malformed ones included (they are
   * verified as invalid and charged); empty cells, repeats, unknown and error results are free.
   */
  credits: number;
  exact: boolean;
}

/**
 * The cost before the upload, counted as the server charges at most: distinct non-empty cells of the
 * chosen column (costKey). For a file larger than the part read, the count is scaled by size.
 */
export function estimateCost(
  text: string,
  delimiter: string,
  hasHeader: boolean,
  emailColumn: number,
  bytesRead: number,
  fileSize: number,
  complete: boolean,
): CostEstimate {
  const rows = parseCsv(text.replace(/^\uFEFF/, ''), delimiter);
  const data = (hasHeader ? rows.slice(1) : rows).slice(0, complete ? undefined : -1);
  const unique = new Set(data.map((r) => costKey(r[emailColumn])).filter((key) => key !== null));
  if (complete) return { credits: unique.size, exact: true };
  return { credits: Math.round(unique.size * (fileSize / Math.max(1, bytesRead))), exact: false };
}

/** Whether the balance covers the cost, and by how much it falls short. */
export function affordability(cost: number, balance: number | null): { enough: boolean; shortBy: number } {
  if (balance === null) return { enough: true, shortBy: 0 };
  return { enough: balance >= cost, shortBy: Math.max(0, cost - balance) };
}

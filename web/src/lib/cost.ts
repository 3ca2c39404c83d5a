import { parseCsv } from './csv-preview';

const VALID = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface CostEstimate {
  /** Most credits the list can cost: one per distinct valid address (unknown and error results are free). */
  credits: number;
  exact: boolean;
}

/**
 * The cost before the upload, counted like the server's quote: distinct addresses (case-insensitive)
 * in the chosen column. For a file larger than the part read, the count is scaled by size.
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
  const unique = new Set(data.map((r) => (r[emailColumn] ?? '').trim().toLowerCase()).filter((v) => VALID.test(v)));
  if (complete) return { credits: unique.size, exact: true };
  return { credits: Math.round(unique.size * (fileSize / Math.max(1, bytesRead))), exact: false };
}

/** Whether the balance covers the cost, and by how much it falls short. */
export function affordability(cost: number, balance: number | null): { enough: boolean; shortBy: number } {
  if (balance === null) return { enough: true, shortBy: 0 };
  return { enough: balance >= cost, shortBy: Math.max(0, cost - balance) };
}

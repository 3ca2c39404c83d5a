import { columnCount, columnShare, looksLikeEmail } from './cell-patterns';
import { emailHeaderScore } from './header-names';

export interface ColumnMatch {
  column: number;
  reason: 'header' | 'values';
  /** The header cell as written in the file, when the header decided. */
  headerName?: string;
}

/** A column is chosen from its values alone when at least this share of its cells are addresses. */
const VALUES_THRESHOLD = 0.3;
/** A column named like an email column loses to one whose values are mostly addresses if it has fewer than this share. */
const HEADER_MIN_SHARE = 0.1;

/**
 * Chooses the column to verify when the user did not say. A header name (email, E-mail,
 * courriel, correo, Work Email ...) wins unless its cells hold almost no addresses while
 * another column's mostly do; among several named columns the exact name and then the
 * higher address share win. Without a usable name, the column with the highest address
 * share (at least 30%, leftmost on ties). `rows` are data rows only, header excluded.
 */
export function detectEmailColumn(
  header: readonly string[] | undefined,
  rows: readonly string[][],
): ColumnMatch | undefined {
  const columns = Math.max(header?.length ?? 0, columnCount(rows));
  const shares = Array.from({ length: columns }, (_, column) => columnShare(rows, column, looksLikeEmail));
  const byValues = bestColumn(shares);

  const named = (header ?? [])
    .map((name, column) => ({ column, name, score: emailHeaderScore(name) }))
    .filter((candidate) => candidate.score > 0)
    .sort((a, b) => b.score - a.score || shares[b.column] - shares[a.column] || a.column - b.column);
  const byHeader = named[0];
  const headerHasAddresses = byHeader && (rows.length === 0 || shares[byHeader.column] >= HEADER_MIN_SHARE);
  const valuesMuchBetter = byValues !== undefined && shares[byValues] >= 0.5;
  if (byHeader && (headerHasAddresses || !valuesMuchBetter)) {
    return { column: byHeader.column, reason: 'header', headerName: byHeader.name };
  }
  return byValues === undefined ? undefined : { column: byValues, reason: 'values' };
}

function bestColumn(shares: number[]): number | undefined {
  let best: number | undefined;
  shares.forEach((share, column) => {
    if (share >= VALUES_THRESHOLD && (best === undefined || share > shares[best])) best = column;
  });
  return best;
}

/**
 * Optimal string alignment distance (Damerau-Levenshtein without repeated edits of one
 * substring): insertions, deletions, substitutions and adjacent transpositions cost 1,
 * which matches how people mistype (gmial, hotmial).
 */
export function osaDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[rows - 1][cols - 1];
}

/** True when b differs from a by one insertion, deletion or adjacent transposition (no substitution). */
export function isShapePreservingTypo(a: string, b: string): boolean {
  if (osaDistance(a, b) !== 1) return false;
  if (a.length !== b.length) return true;
  const diff = [...a].map((ch, i) => (ch === b[i] ? -1 : i)).filter((i) => i >= 0);
  return diff.length === 2 && diff[1] === diff[0] + 1;
}

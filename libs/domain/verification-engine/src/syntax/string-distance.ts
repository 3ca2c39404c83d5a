/**
 * Optimal string alignment distance (Damerau-Levenshtein without repeated edits of one
 * substring): insertions, deletions, substitutions and adjacent transpositions cost 1,
 * which matches how people mistype (gmial, hotmial).
 */
export function osaDistance(a: string, b: string): number {
  const cols = b.length + 1;
  // Three rolling rows (the transposition looks two rows back) keep this allocation-light:
  // it runs against every popular domain for every address.
  let prevPrev = new Uint16Array(cols);
  let prev = new Uint16Array(cols);
  let row = new Uint16Array(cols);
  for (let j = 0; j < cols; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    row[0] = i;
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, prevPrev[j - 2] + 1);
      row[j] = best;
    }
    const spare = prevPrev;
    prevPrev = prev;
    prev = row;
    row = spare;
  }
  return prev[cols - 1];
}

/** True when b differs from a by one insertion, deletion or adjacent transposition (no substitution). */
export function isShapePreservingTypo(a: string, b: string): boolean {
  if (osaDistance(a, b) !== 1) return false;
  if (a.length !== b.length) return true;
  const diff = [...a].map((ch, i) => (ch === b[i] ? -1 : i)).filter((i) => i >= 0);
  return diff.length === 2 && diff[1] === diff[0] + 1;
}

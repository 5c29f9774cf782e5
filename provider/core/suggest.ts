/** "did you mean" for a misspelt key, name or command: the closest candidate within a few edits. */

/** Optimal string alignment distance: edits, with a swap of neighbours counted as one (drfit -> drift). */
function distance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.length][b.length];
}

/**
 * The candidate closest to `word` (case-insensitive), if it is near enough to be a typo: within
 * max(`atLeast`, length / `charsPerEdit`) edits. Keys and names allow one edit per 3 characters; long
 * values such as e-mail addresses are held tighter (one per 6) so a near neighbour is not taken;
 * a command's flags and names (cli/parse.ts) at least one edit, other words at least two.
 */
export function closest(word: string, candidates: Iterable<string>, charsPerEdit = 3, atLeast = 2): string | undefined {
  const w = word.toLowerCase();
  let best: { name: string; d: number } | undefined;
  for (const name of candidates) {
    const d = distance(w, name.toLowerCase());
    if (!best || d < best.d) best = { name, d };
  }
  const limit = Math.max(atLeast, Math.floor(word.length / charsPerEdit));
  return best && best.d <= limit ? best.name : undefined;
}

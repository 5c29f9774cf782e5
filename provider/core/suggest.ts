/** "did you mean" for a misspelt key or name: the closest candidate within a few edits. */

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length];
}

/**
 * The candidate closest to `word` (case-insensitive), if it is near enough to be a typo: within
 * max(2, length / `charsPerEdit`) edits. Keys and names allow one edit per 3 characters; long
 * values such as e-mail addresses are held tighter (one per 6) so a near neighbour is not taken.
 */
export function closest(word: string, candidates: Iterable<string>, charsPerEdit = 3): string | undefined {
  const w = word.toLowerCase();
  let best: { name: string; d: number } | undefined;
  for (const name of candidates) {
    const d = distance(w, name.toLowerCase());
    if (!best || d < best.d) best = { name, d };
  }
  const limit = Math.max(2, Math.floor(word.length / charsPerEdit));
  return best && best.d <= limit ? best.name : undefined;
}

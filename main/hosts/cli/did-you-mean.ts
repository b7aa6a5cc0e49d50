/**
 * "did you mean …?" for a mistyped name: the closest known name by edit distance, when it is close
 * enough to be the likely intent (a typo, not a different word).
 */

/** Levenshtein distance with adjacent transpositions (optimal string alignment): `tagret` is 1. */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) =>
    Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i < rows; i += 1) {
    for (let j = 1; j < cols; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

/**
 * The known name closest to `given` (case-insensitive), or undefined when none is within a third
 * of the given name's length (at least 2 edits): past that a suggestion is a guess, not a typo.
 */
export function closestName(given: string, known: readonly string[]): string | undefined {
  const wanted = given.toLowerCase();
  const limit = Math.max(2, Math.floor(wanted.length / 3));
  let best: { name: string; distance: number } | undefined;
  for (const name of known) {
    const distance = editDistance(wanted, name.toLowerCase());
    if (distance <= limit && (!best || distance < best.distance)) best = { name, distance };
  }
  return best?.name;
}

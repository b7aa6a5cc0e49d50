/**
 * One tab list across windows (design property 11 of docs/architecture.md): each tab is
 * its own last-writer-wins register, ordered by `rev` (when a window last edited it). A window
 * keeps its whole list, and says when it last saw the kept one (`seenAt`); merging that onto the
 * kept list never loses a newer edit of a tab the writer did not touch, nor a tab another window
 * opened or edited after the writer last looked. A tab the writer closed stays closed unless
 * another window edited it since. Pure: the host merges what a window keeps, and a window merges
 * what another kept.
 */

/** A tab as the merge reads it. */
export interface RevisedTab {
  id: string;
  /** When a window last edited it (milliseconds); absent: before any window edited it. */
  rev?: number;
}

const revOf = (tab: RevisedTab) => tab.rev ?? 0;

/**
 * `incoming` (a window's tabs, in its order, written knowing the list as it was at `seenAt`)
 * merged onto `current`: the writer's order and tabs, each the newer of the two versions, then the
 * tabs the writer never saw (opened or edited elsewhere after `seenAt`). Tabs without `rev` (kept
 * before windows dated their edits) count as edited at 0.
 */
export function mergedTabs<T extends RevisedTab>(
  current: readonly T[],
  incoming: readonly T[],
  seenAt: number,
): T[] {
  const kept = new Map(current.map((tab) => [tab.id, tab]));
  const written = new Set(incoming.map((tab) => tab.id));
  const merged = incoming.map((tab) => {
    const other = kept.get(tab.id);
    // A tie is one edit seen by both: the version already there stays (no churn for its reader).
    return other && revOf(other) >= revOf(tab) ? other : tab;
  });
  for (const tab of current) if (!written.has(tab.id) && revOf(tab) > seenAt) merged.push(tab);
  return merged;
}

/**
 * One tab list across windows (design property 11 of docs/architecture.md): each tab is
 * its own last-writer-wins register, ordered by `rev` (when a window last edited it). A window
 * keeps its whole list, and says when it last saw the kept one (`seenAt`); merging that onto the
 * kept list never loses a newer edit of a tab the writer did not touch, nor a tab another window
 * opened or edited after the writer last looked. A tab the writer closed stays closed unless
 * another window edited it since, and a tab closed in the kept list stays closed when a window
 * that had not yet seen the close keeps its list with it (the host remembers recent closes). Pure:
 * the host merges what a window keeps, and a window merges what another kept.
 */

/** A tab as the merge reads it. */
export interface RevisedTab {
  id: string;
  /** When a window last edited it (milliseconds); absent: before any window edited it. */
  rev?: number;
}

const revOf = (tab: RevisedTab) => tab.rev ?? 0;

/** A tab closed in the kept list, and when (milliseconds, the host's clock). */
export interface ClosedTab {
  id: string;
  at: number;
}

/** How many recent closes the host remembers: more than any window's list holds. */
export const CLOSED_TABS_KEPT = 100;

/**
 * `incoming` (a window's tabs, in its order, written knowing the list as it was at `seenAt`)
 * merged onto `current`: the writer's order and tabs, each the newer of the two versions, then the
 * tabs the writer never saw (opened or edited elsewhere after `seenAt`). A tab `closed` after
 * `seenAt` that the writer has not edited since the close stays closed: the writer still listed
 * it only because it had not seen the close. Tabs without `rev` (kept before windows dated their
 * edits) count as edited at 0.
 */
export function mergedTabs<T extends RevisedTab>(
  current: readonly T[],
  incoming: readonly T[],
  seenAt: number,
  closed: readonly ClosedTab[] = [],
): T[] {
  const kept = new Map(current.map((tab) => [tab.id, tab]));
  const closedAt = new Map(closed.map((c) => [c.id, c.at]));
  const closedUnseen = (tab: T) => {
    const at = closedAt.get(tab.id);
    return at !== undefined && !kept.has(tab.id) && at > seenAt && revOf(tab) <= at;
  };
  const written = new Set(incoming.map((tab) => tab.id));
  const merged = incoming
    .filter((tab) => !closedUnseen(tab))
    .map((tab) => {
      const other = kept.get(tab.id);
      // A tie is one edit seen by both: the version already there stays (no churn for its reader).
      return other && revOf(other) >= revOf(tab) ? other : tab;
    });
  for (const tab of current) if (!written.has(tab.id) && revOf(tab) > seenAt) merged.push(tab);
  return merged;
}

/**
 * The closes to remember after `current` became `merged` at `now`: the tabs it dropped, after the
 * earlier closes of tabs still closed, the newest `CLOSED_TABS_KEPT`.
 */
export function closedTabs(
  current: readonly RevisedTab[],
  merged: readonly RevisedTab[],
  now: number,
  closed: readonly ClosedTab[] = [],
): ClosedTab[] {
  const open = new Set(merged.map((tab) => tab.id));
  const dropped = current
    .filter((tab) => !open.has(tab.id))
    .map((tab) => ({ id: tab.id, at: now }));
  const droppedIds = new Set(dropped.map((c) => c.id));
  const earlier = closed.filter((c) => !open.has(c.id) && !droppedIds.has(c.id));
  return [...earlier, ...dropped].slice(-CLOSED_TABS_KEPT);
}

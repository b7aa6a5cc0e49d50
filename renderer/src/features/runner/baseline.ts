/**
 * Editing the baseline of expected failures in the view: marking failed checks and unmarking
 * them. Reading and writing the file, and applying it to a run, are main/shared/baseline.ts.
 */
import type { ExpectedFailure } from '../../../../main/shared/baseline';

/** Adds or replaces the entry for a check. */
export function markExpected(
  entries: readonly ExpectedFailure[],
  checkId: string,
  reason: string,
): ExpectedFailure[] {
  const entry = { checkId, reason: reason.trim() || 'accepted for now' };
  return entries.some((e) => e.checkId === checkId)
    ? entries.map((e) => (e.checkId === checkId ? entry : e))
    : [...entries, entry];
}

export function unmarkExpected(entries: readonly ExpectedFailure[], checkId: string) {
  return entries.filter((e) => e.checkId !== checkId);
}

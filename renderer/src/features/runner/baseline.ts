/**
 * The baseline of expected failures as the view edits it: loaded from a file, added to by
 * marking failed checks, saved again, and passed to runner.report, which validates it for good
 * (main/core/runner/baseline.ts). The file is `{ "expectedFailures": [{ "checkId", "reason" }] }`.
 */

export interface ExpectedFailure {
  checkId: string;
  reason: string;
}

/** Reads a baseline file; throws an Error naming the problem, as main would. */
export function parseBaselineText(text: string, source = 'the baseline'): ExpectedFailure[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new Error(`${source} is not JSON: ${(error as Error).message}`);
  }
  const entries = (data as { expectedFailures?: unknown } | null)?.expectedFailures;
  if (!Array.isArray(entries))
    throw new Error(`${source} needs an "expectedFailures" array of { "checkId", "reason" }.`);
  const seen = new Set<string>();
  return entries.map((entry: unknown, index) => {
    const { checkId, reason } = (entry ?? {}) as Record<string, unknown>;
    if (typeof checkId !== 'string' || checkId.trim() === '')
      throw new Error(`${source}: expectedFailures[${index}] needs a "checkId".`);
    if (typeof reason !== 'string' || reason.trim() === '')
      throw new Error(`${source}: ${checkId} needs a "reason" (why the failure is accepted).`);
    if (seen.has(checkId)) throw new Error(`${source}: ${checkId} is listed twice.`);
    seen.add(checkId);
    return { checkId, reason };
  });
}

export function serializeBaseline(entries: readonly ExpectedFailure[]): string {
  return `${JSON.stringify({ expectedFailures: entries }, null, 2)}\n`;
}

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

/**
 * Choosing which checks a run executes: by area, rule, tag, free text, id, or "the ones that
 * failed last time". Filters of different kinds narrow together (AND); values within one filter
 * widen (OR), as in `--area signing --area headers`. Exclusions drop checks from the result.
 */
import type { Check } from '../check-api/index.js';
import type { RunResult } from '../../../shared/run-result.js';
import { rerunCheckIds } from '../../../shared/run-status.js';
import type { RuleId } from '../../../shared/rule-ids.js';

export interface CheckSelection {
  /** Areas (suites), e.g. `signing`. */
  areas?: readonly string[];
  /** Checks covering at least one of these rule ids. */
  ruleIds?: readonly RuleId[];
  /** Checks carrying at least one of these tags. */
  tags?: readonly string[];
  /** Case-insensitive text found in the check's id, title or rule ids. */
  text?: string;
  /** Exactly these check ids. */
  ids?: readonly string[];
  /** Only the checks that FAILED in this earlier run (re-run failed). */
  failedIn?: RunResult;
  /**
   * Checks to drop: a value is a check id, a tag or an area, and a check matching any of them
   * is left out whatever else selects it (`--exclude`).
   */
  exclude?: readonly string[];
}

/** Whether `value` names the check: its id, its area or one of its tags. */
export function namesCheck(check: Check, value: string): boolean {
  return check.id === value || check.area === value || (check.tags?.includes(value) ?? false);
}

function anyOf<T>(wanted: readonly T[] | undefined, has: (value: T) => boolean): boolean {
  return wanted === undefined || wanted.some(has);
}

/** The checks matching `selection`, in their original order. */
export function selectChecks(checks: readonly Check[], selection: CheckSelection = {}): Check[] {
  const text = selection.text?.trim().toLowerCase();
  const failed = selection.failedIn ? rerunCheckIds(selection.failedIn.checks) : undefined;
  return checks.filter(
    (check) =>
      anyOf(selection.areas, (area) => check.area === area) &&
      anyOf(selection.ruleIds, (ruleId) => check.rules.includes(ruleId)) &&
      anyOf(selection.tags, (tag) => check.tags?.includes(tag) ?? false) &&
      anyOf(selection.ids, (id) => check.id === id) &&
      (failed === undefined || failed.has(check.id)) &&
      !(selection.exclude ?? []).some((value) => namesCheck(check, value)) &&
      (!text ||
        [check.id, check.title, ...check.rules].some((field) =>
          field.toLowerCase().includes(text),
        )),
  );
}

/**
 * Console reporter: one line per check as it ends; at the end of the run the failed checks again,
 * then a summary line, then (when checks could not test) one line that says so. Checks that could
 * not test because the target did not answer are one line per area, not one per check: a target
 * that is gone must not bury the run's output in hundreds of identical lines.
 */
import type { Reporter } from '../engine/events.js';
import { couldNotTestLine } from '../engine/could-not-test.js';
import type { CheckResult, StatusCounts } from '../../../shared/run-result.js';
import { durationText, reviewText } from './evidence-text.js';

export interface ConsoleReporterOptions {
  /** Writes one line (the CLI passes its stdout). */
  write(line: string): void;
}

const DETAIL_MAX = 160;

function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > DETAIL_MAX ? `${flat.slice(0, DETAIL_MAX - 1)}…` : flat;
}

/** Why the check ended as it did, in a few words; empty for a clean PASS. */
function detailOf(result: CheckResult): string {
  if (result.status === 'FAIL') {
    const expected = result.expectedFailure ? ' (expected failure)' : '';
    const transport = result.failure?.transportError;
    if (transport !== undefined) return oneLine(`no answer: ${transport}`) + expected;
    return oneLine(result.failure?.message ?? 'failed') + expected;
  }
  if (result.status === 'INCONCLUSIVE') {
    const why = result.couldNotTest;
    return oneLine(`could not test: ${why?.reason ?? 'no reason given'}`);
  }
  if (result.status === 'SKIPPED') return oneLine(result.skipReason ?? 'skipped');
  if (result.status === 'REVIEW') return oneLine(`awaiting review: ${result.reviewFor ?? ''}`);
  if (result.review) return oneLine(reviewText(result.review));
  if (result.status === 'WARNING') {
    const [first = '', ...rest] = result.warnings;
    return oneLine(first) + (rest.length > 0 ? ` (+${rest.length} more)` : '');
  }
  return '';
}

export function checkLine(result: CheckResult): string {
  const detail = detailOf(result);
  return `${result.status.padEnd(7)} ${result.checkId}  ${result.title} (${durationText(result.durationMs)})${detail ? ` — ${detail}` : ''}`;
}

export function summaryLine(counts: StatusCounts, durationMs: number, cancelled: boolean): string {
  return (
    `${counts.total} checks: ${counts.PASS} passed, ${counts.FAIL} failed, ` +
    (counts.INCONCLUSIVE > 0 ? `${counts.INCONCLUSIVE} could not test, ` : '') +
    (counts.REVIEW > 0 ? `${counts.REVIEW} awaiting review, ` : '') +
    `${counts.WARNING} with warnings, ${counts.SKIPPED} skipped in ${durationText(durationMs)}` +
    (cancelled ? ' (run cancelled)' : '')
  );
}

/**
 * Checks that ended alike in a row: could not test because the target did not answer, or skipped
 * for the same reason. They are one line, so a target that is gone (or a run without a PSU agent)
 * does not print hundreds of identical lines; a group of one prints as its check's own line.
 */
interface Group {
  status: 'INCONCLUSIVE' | 'SKIPPED';
  detail: string;
  results: CheckResult[];
}

/** The key of the group a result joins; undefined for a result printed on its own. */
function groupKey(result: CheckResult): string | undefined {
  if (result.status === 'SKIPPED') return `SKIPPED ${result.skipReason ?? ''}`;
  if (result.status === 'INCONCLUSIVE' && result.couldNotTest?.transportError !== undefined)
    return 'INCONCLUSIVE no answer';
  return undefined;
}

function groupLine(group: Group): string {
  const [first] = group.results;
  if (group.results.length === 1 && first) return checkLine(first);
  const areas = new Set(group.results.map((result) => result.area));
  const where = areas.size === 1 ? `of ${first?.area}` : `in ${areas.size} areas`;
  return `${group.status} ${group.results.length} checks ${where}, from ${first?.checkId} — ${group.detail}`;
}

export function consoleReporter(options: ConsoleReporterOptions): Reporter {
  const groups = new Map<string, Group>();
  const flush = () => {
    for (const group of groups.values()) options.write(groupLine(group));
    groups.clear();
  };
  return {
    name: 'console',
    onRunBegin(event) {
      const target = event.target.name ?? event.target.baseUrl;
      options.write(
        `Running ${event.checkCount} checks against ${target} (${event.target.mode} mode)`,
      );
    },
    onCheckEnd(event) {
      const { result } = event;
      const key = groupKey(result);
      if (key === undefined) {
        flush();
        options.write(checkLine(result));
        return;
      }
      const group = groups.get(key);
      if (group) group.results.push(result);
      else
        groups.set(key, {
          status: result.status === 'SKIPPED' ? 'SKIPPED' : 'INCONCLUSIVE',
          detail: detailOf(result),
          results: [result],
        });
    },
    onRunEnd(event) {
      flush();
      // Failures first: after hundreds of lines, the ones to act on are repeated above the counts
      // (expected failures of the baseline last, as they do not fail the run).
      const failed = event.result.checks
        .filter((check) => check.status === 'FAIL')
        .sort((a, b) => Number(Boolean(a.expectedFailure)) - Number(Boolean(b.expectedFailure)));
      if (failed.length > 0) {
        options.write(`Failed (${failed.length}):`);
        for (const check of failed) options.write(`  ${checkLine(check)}`);
      }
      options.write(summaryLine(event.counts, event.durationMs, event.cancelled));
      const couldNotTest = couldNotTestLine(event.result);
      if (couldNotTest) options.write(couldNotTest);
    },
  };
}

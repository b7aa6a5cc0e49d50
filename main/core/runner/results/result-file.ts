/**
 * Writing and re-importing run results. Import validates against the result schema and says
 * precisely what is wrong, because the file may come from another machine, an older workbench or
 * a hand edit, and "re-run failed" must not guess.
 */
import type { TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import {
  RUN_RESULT_FORMAT,
  RUN_RESULT_FORMAT_VERSION,
  RunResultSchema,
  type RunResult,
} from '../../../shared/run-result.js';
import { CompactionError, compactRunResult, expandRunResult } from './result-compaction.js';

export class RunResultImportError extends Error {
  override name = 'RunResultImportError';
}

const PROBLEMS_SHOWN = 5;

/** Format versions this workbench reads: 1 (before the compact encoding) to the current one. */
const READABLE_VERSIONS: readonly unknown[] = [1, 2, 3, RUN_RESULT_FORMAT_VERSION];

/**
 * The file's text: the compact encoding (result-compaction.ts), one check per line so a diff or a
 * grep of two runs lines up by check, the run's own fields first.
 */
export function serializeRunResult(result: RunResult): string {
  const { checks, certificates, ...head } = compactRunResult(result);
  const lines = [
    JSON.stringify({ ...head, certificates }).slice(0, -1) + ',',
    '"checks":[',
    checks.map((check) => JSON.stringify(check)).join(',\n'),
    ']}',
  ];
  return lines.join('\n') + '\n';
}

/** Parses and validates a run result file's text; `source` names the file in error messages. */
export function parseRunResult(text: string, source = 'run result'): RunResult {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new RunResultImportError(
      `${source} is not JSON: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new RunResultImportError(`${source} is not a run result: expected a JSON object.`);
  }
  const { format, formatVersion } = data as Record<string, unknown>;
  if (format !== RUN_RESULT_FORMAT) {
    throw new RunResultImportError(
      `${source} is not a PSD2 Workbench run result: "format" is ${JSON.stringify(format) ?? 'missing'}, expected "${RUN_RESULT_FORMAT}".`,
    );
  }
  if (!READABLE_VERSIONS.includes(formatVersion)) {
    throw new RunResultImportError(
      `${source} has run result format version ${JSON.stringify(formatVersion) ?? '(missing)'}; this workbench reads versions ${READABLE_VERSIONS.join(', ')}.`,
    );
  }
  try {
    // Version 1 files hold every value in place; expanding them changes nothing.
    data = withNewCounts({
      ...expandRunResult(data as Record<string, unknown>),
      formatVersion: RUN_RESULT_FORMAT_VERSION,
    });
  } catch (error) {
    if (!(error instanceof CompactionError)) throw error;
    throw new RunResultImportError(`${source} is not a valid run result: ${error.message}`);
  }
  const problems = describeProblems(RunResultSchema, data, '');
  if (problems.length > 0) {
    const shown = problems.slice(0, PROBLEMS_SHOWN).map((problem) => `  ${problem}`);
    const more =
      problems.length > PROBLEMS_SHOWN ? [`  … and ${problems.length - PROBLEMS_SHOWN} more`] : [];
    throw new RunResultImportError(
      [`${source} is not a valid run result:`, ...shown, ...more].join('\n'),
    );
  }
  return data as RunResult;
}

/** Versions 1 and 2 knew no INCONCLUSIVE verdict, 1 to 3 no REVIEW: their count of it is 0. */
function withNewCounts(data: Record<string, unknown>): Record<string, unknown> {
  const counts = data['counts'];
  if (typeof counts !== 'object' || counts === null) return data;
  return { ...data, counts: { INCONCLUSIVE: 0, REVIEW: 0, ...counts } };
}

/**
 * TypeBox reports a failed union as "Expected union value". For the two unions of a result —
 * a status (literals) and an evidence item (tagged by `kind`) — say what was expected instead.
 */
function describeProblems(schema: TSchema, value: unknown, base: string): string[] {
  return [...Value.Errors(schema, value)].flatMap((error) => {
    const path = base + error.path;
    const members = (error.schema as { anyOf?: TSchema[] }).anyOf;
    if (!members) return [`${path || '/'}: ${error.message}`];
    const literals = members.map((member) => (member as { const?: unknown }).const);
    if (literals.every((literal) => typeof literal === 'string')) {
      return [`${path}: must be one of ${literals.join(', ')}, not ${JSON.stringify(error.value)}`];
    }
    const kind = (error.value as { kind?: unknown } | null)?.kind;
    const member = members.find(
      (candidate) =>
        (candidate as { properties?: { kind?: { const?: unknown } } }).properties?.kind?.const ===
        kind,
    );
    if (member) return describeProblems(member, error.value, path);
    const kinds = members.map(
      (candidate) =>
        (candidate as { properties?: { kind?: { const?: unknown } } }).properties?.kind?.const,
    );
    return [
      `${path}: "kind" must be one of ${kinds.join(', ')}, not ${JSON.stringify(kind) ?? 'missing'}`,
    ];
  });
}

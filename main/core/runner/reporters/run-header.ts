/**
 * The header every report of a run carries (HTML, JUnit, JSON): the target, the environment, the
 * selection and the fault profiles exactly as the run had them. One source, so the three formats
 * cannot tell the same run differently, and a run started in the Runner is not described in the
 * command line's words (`--suite`, "command-line target") it never used.
 */
import type { RunMetadata, RunResult } from '../../../shared/run-result.js';

export interface RunHeader {
  /** The target by the name the run knew it by: the Runner's, the profile's, or its URL. */
  targetName: string;
  /** The name, what kind of target it was, its URL and mode. */
  target: string;
  /** The target profile file, or why there is none. */
  profile: string;
  /** The target's active environment in the workbench; null for the command line. */
  environment: string | null;
  /** The rules the bank broke on purpose; empty when none. */
  faultProfiles: readonly string[];
  /** The warning that the bank was deliberately broken; null when no fault profile was on. */
  faultNotice: string | null;
  /** What was chosen and how many checks it chose; null for a result without metadata. */
  selection: string | null;
}

/** The fault notice's first words: what a reader must take in before anything else. */
export const DELIBERATELY_BROKEN = 'Deliberately broken bank.';

const KIND_TEXT: Record<NonNullable<RunMetadata['target']['kind']>, string> = {
  embedded: "the workbench's embedded bank",
  profile: 'a bank named by a target profile',
  url: 'a URL given on the command line',
};

/**
 * The warning a report of a run with fault profiles on opens with: the failures those rules
 * cause are the faults switched on, not the bank's (the embedded bank breaks them only when
 * asked).
 */
export function faultNotice(faults: readonly string[]): string | null {
  if (faults.length === 0) return null;
  const one = faults.length === 1;
  return `${DELIBERATELY_BROKEN} The embedded bank ran with fault profile${one ? '' : 's'} ${faults.join(', ')} on: it broke ${one ? 'that rule' : 'those rules'} on purpose, so the failures they cause are the faults, not the bank's.`;
}

export function runHeader(result: RunResult): RunHeader {
  const meta = result.meta;
  const targetName = meta?.target.label ?? result.target.name ?? result.target.baseUrl;
  const kind = meta?.target.kind;
  const where = `${result.target.baseUrl} (${result.target.mode} mode${result.target.hasSandboxApi ? ', sandbox API' : ''})`;
  const faults = meta?.target.faultProfiles ?? [];
  return {
    targetName,
    target: kind ? `${targetName}: ${KIND_TEXT[kind]} at ${where}` : where,
    profile: profileText(meta),
    environment: meta?.target.environment ?? null,
    faultProfiles: faults,
    faultNotice: faultNotice(faults),
    selection: meta ? selectionText(result, meta) : null,
  };
}

function profileText(meta: RunMetadata | undefined): string {
  if (meta?.target.profileFile) return meta.target.profileFile;
  if (meta?.target.kind === 'embedded') return '(none: an embedded bank)';
  // A run result from before `kind` existed: only the command line wrote none.
  return '(none: command-line target)';
}

/**
 * The selection in the words of where the run was started: the command line's flags, or the
 * Runner's areas, rules and boxes (a run with a `label` was started in the Runner).
 */
function selectionText(result: RunResult, meta: RunMetadata): string {
  const { selection } = meta;
  const runner = meta.target.label !== undefined;
  const named = (flag: string, word: string, values: readonly string[]) =>
    values.map((value) => (runner ? `${word} ${value}` : `${flag} ${value}`));
  const chosen = [
    ...named('--suite', 'area', selection.suites),
    ...named('--rule', 'rule', selection.rules),
    ...named('--tag', 'tag', selection.tags),
    ...(selection.grep !== null
      ? [runner ? `text "${selection.grep}"` : `--grep ${selection.grep}`]
      : []),
    ...named('--exclude', 'excluding', selection.exclude),
    ...(selection.rerunFailed !== null
      ? [
          runner
            ? `the failed checks of ${selection.rerunFailed}`
            : `--rerun-failed ${selection.rerunFailed}`,
        ]
      : []),
    ...(selection.checkIds?.length ? [`chosen: ${chosenByArea(result, selection.checkIds)}`] : []),
  ];
  const count = `${selection.checks} check${selection.checks === 1 ? '' : 's'}`;
  return chosen.length > 0
    ? `${count}: ${chosen.join(runner ? '; ' : ' ')}`
    : `${count} (all of the mode)`;
}

/** Checks chosen one by one, by the area each belongs to, so "one area" reads as one. */
function chosenByArea(result: RunResult, checkIds: readonly string[]): string {
  const areaOf = new Map(result.checks.map((check) => [check.checkId, check.area]));
  const areas = new Map<string, string[]>();
  for (const id of checkIds) {
    const area = areaOf.get(id) ?? '(not run)';
    areas.set(area, [...(areas.get(area) ?? []), id]);
  }
  return [...areas].map(([area, ids]) => `${area} (${ids.length}): ${ids.join(', ')}`).join('; ');
}

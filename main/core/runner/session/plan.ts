/**
 * A run as a host asks for it: which checks of the workbench's suites, against which target (an
 * embedded bank, or a bank named by a target profile), how many at once, with which baseline, and
 * what the reports may show. The CLI builds it from its flags, the UI's runner service from a
 * contract call; the session (prepare.ts, run.ts) does the rest for both, so both learn every
 * target kind at once. The suites are a layer above the runner, so the host passes the checks and
 * the rule catalogue.
 */
import type { Baseline } from '../../../shared/baseline.js';
import type { Check, BankMode } from '../check-api/index.js';
import type { LoadedTargetProfile } from '../target-profile/index.js';
import type { CoverageRule } from '../results/coverage.js';
import { selectChecks, type CheckSelection } from './selection.js';
import type { RuleId } from '../../../shared/rule-ids.js';

export type PlannedTarget =
  | { kind: 'embedded'; mode: BankMode; faultProfiles?: readonly string[] }
  | { kind: 'profile'; loaded: LoadedTargetProfile };

/** The mode the run's checks are chosen for: the embedded bank's, or the profile's. */
export function modeOf(target: PlannedTarget): BankMode {
  return target.kind === 'embedded' ? target.mode : target.loaded.profile.mode;
}

/** The rule catalogue as the session sees it (the suites own it and pass it in). */
export interface RuleCatalogue {
  /** Every rule: its id, where the spec states it (section; see also …) and its statement. */
  rules: readonly { id: string; reference: string; statement: string }[];
  /** A rule id as reports show it, next to each check and failure. */
  describeRule(ruleId: RuleId): { section: string; statement: string } | undefined;
  /** Every rule with the checks that cover it: the HTML report's coverage map. */
  coverage?: readonly CoverageRule[];
}

export interface SessionRequest {
  /** Every check of the workbench (the suites' list); `selection` picks from it. */
  checks: readonly Check[];
  catalogue: RuleCatalogue;
  target: PlannedTarget;
  selection: CheckSelection;
  /** Where `selection.failedIn` came from, for the metadata: a run-result file or a run id. */
  rerunFailed?: string;
  /** The target profile file the target was read from, for the metadata (none for flags). */
  profileFile?: string;
  /** The name the Runner shows the target by, for the metadata (a run started in the UI). */
  targetLabel?: string;
  /** The target's active environment in the UI, for the metadata (none on the command line). */
  environment?: string;
  concurrency?: number;
  timeoutMs?: number;
  /** A baseline given for this run and where it came from; default: the profile's own. */
  baseline?: { baseline: Baseline; source: string };
  /**
   * False: no baseline unless `baseline` gives one, not even the profile's (the UI marks a
   * baseline when a report is exported instead). Default true.
   */
  profileBaseline?: boolean;
  /** Report stale baseline entries without failing the run. */
  allowStaleBaseline?: boolean;
  /** 'keep' shows PSU data in the reports (`--no-redact`); credentials are redacted either way. */
  psuData?: 'mask' | 'keep';
  /**
   * A bank clock (the profile's admin API) more than a minute from real time is set back to real
   * time before the run (bank-clock-preflight.ts); without it the run only says so.
   */
  resetClock?: boolean;
}

export interface SessionPlan {
  request: SessionRequest;
  /** The checks the run executes: the selection's, those that make sense in the target's mode. */
  checks: Check[];
  mode: BankMode;
  /** The baseline the run is judged by, and where it came from. */
  baseline?: { baseline: Baseline; source: string };
}

/** The plan of a request; `checks` is empty when nothing matches (the host refuses it). */
export function planSession(request: SessionRequest): SessionPlan {
  const baseline =
    request.baseline ?? (request.profileBaseline === false ? undefined : profileBaseline(request));
  const mode = modeOf(request.target);
  const checks = selectChecks(request.checks, request.selection).filter(
    (check) => !check.modes || check.modes.includes(mode),
  );
  return { request, checks, mode, ...(baseline ? { baseline } : {}) };
}

function profileBaseline(request: SessionRequest): SessionPlan['baseline'] {
  const { target } = request;
  if (target.kind !== 'profile' || !target.loaded.baseline) return undefined;
  return {
    baseline: target.loaded.baseline,
    source: `${request.profileFile ?? target.loaded.source} (its baseline)`,
  };
}

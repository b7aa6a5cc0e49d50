/** Comparing a run with a previous one: what broke, what got fixed, what changed otherwise. */
import type { CheckStatus, RunResult } from '../../../shared/run-result.js';
import { runTargetIdentity, type RunTargetIdentity } from '../../../shared/run-target.js';
import type { CheckId } from '../../../shared/rule-ids.js';
import { judgeScaFlowEnvironments, type ScaFlowJudgement } from './sca-environments.js';

export interface StatusChange {
  checkId: CheckId;
  from: CheckStatus;
  to: CheckStatus;
}

export interface RunComparison {
  /** FAIL now, and not FAIL before (or new). */
  newFailures: string[];
  /** FAIL before, PASS or WARNING now. */
  fixed: string[];
  /** FAIL in both runs. */
  stillFailing: string[];
  /**
   * INCONCLUSIVE ("could not test") now: neither fixed nor failing, whatever they were before — a
   * FAIL that could not be tested this time is not a fix.
   */
  couldNotTest: string[];
  /** Every check whose status differs between the two runs. */
  changed: StatusChange[];
  /** In this run only / in the previous run only. */
  added: string[];
  removed: string[];
  /**
   * The banks the two runs checked. When they differ (`same` false) the comparison is of two
   * banks, not of one bank over time: added, removed and changed checks say so much.
   */
  targets: { previous: RunTargetIdentity; current: RunTargetIdentity; same: boolean };
  /**
   * §1 SCA-SAME-FLOW-BOTH-ENVIRONMENTS, judged when the two runs are one bank's sandbox and
   * production (sca-environments.ts); otherwise it says why it is not.
   */
  scaFlow: ScaFlowJudgement;
}

export function compareRuns(previous: RunResult, current: RunResult): RunComparison {
  const before = new Map(previous.checks.map((check) => [check.checkId, check.status]));
  const now = new Set(current.checks.map((check) => check.checkId));
  const comparison: RunComparison = {
    newFailures: [],
    fixed: [],
    stillFailing: [],
    couldNotTest: [],
    changed: [],
    added: [],
    removed: previous.checks.map((check) => check.checkId).filter((id) => !now.has(id)),
    targets: targetsOf(previous, current),
    scaFlow: judgeScaFlowEnvironments(previous, current),
  };
  for (const { checkId, status } of current.checks) {
    const was = before.get(checkId);
    if (was === undefined) comparison.added.push(checkId);
    else if (was !== status) comparison.changed.push({ checkId, from: was, to: status });
    if (status === 'INCONCLUSIVE') comparison.couldNotTest.push(checkId);
    if (status === 'FAIL') {
      (was === 'FAIL' ? comparison.stillFailing : comparison.newFailures).push(checkId);
    } else if (was === 'FAIL' && (status === 'PASS' || status === 'WARNING')) {
      comparison.fixed.push(checkId);
    }
  }
  return comparison;
}

function targetsOf(previous: RunResult, current: RunResult): RunComparison['targets'] {
  const before = runTargetIdentity(previous.target);
  const now = runTargetIdentity(current.target);
  return { previous: before, current: now, same: before.key === now.key };
}

/**
 * §1 "The SCA flow seen from a TPP is identical in production and sandbox", judged by comparing
 * two runs: one against a bank's sandbox, one against its production. A run targets one
 * environment, so no check can judge it; the comparison of the two runs can, with what the TPP's
 * code sees as the criterion (sca-flow.ts): every SCA check that ran in both and took a PSU through
 * SCA in either must have one shape in both. The PSU's pages are not compared (§1 lets the sandbox
 * login differ).
 *
 * The SCA checks are those of the SCA area, which do the same in both modes. Checks of other areas
 * set up their data as the mode allows (the sandbox API of §4.3, or accounts found through an extra
 * consent in production), so their exchanges differ by the check's doing, not the bank's.
 */
import type { CheckResult, RunResult } from '../../../shared/run-result.js';
import { runTargetIdentity, runTargetText } from '../../../shared/run-target.js';
import { scaFlowOf, scaFlowStepText, tppShapeOf, type ScaFlowStep } from './sca-flow.js';

/**
 * The judgement a run comparison makes, as the catalogue's coverage names it: a rule judged by it
 * is covered though no check names it (coverage.ts).
 */
export const SCA_FLOW_COMPARISON = {
  id: 'COMPARE-SCA-FLOW-BOTH-ENVIRONMENTS',
  title: 'A sandbox run and a production run of one bank: every SCA flow has one shape in both',
  rules: ['SCA-SAME-FLOW-BOTH-ENVIRONMENTS'],
} as const;

/**
 * PASS: every SCA flow run in both has one shape; FAIL: one differs; INCONCLUSIVE: the two runs are
 * not one bank's sandbox and production; NOT_EXERCISED: they share no check with an SCA flow.
 */
export type ScaFlowVerdict = 'PASS' | 'FAIL' | 'INCONCLUSIVE' | 'NOT_EXERCISED';

export interface ScaFlowDifference {
  checkId: string;
  /** 1-based, in the check's flow. */
  step: number;
  sandbox: string;
  production: string;
}

export interface ScaFlowJudgement {
  id: typeof SCA_FLOW_COMPARISON.id;
  rules: readonly string[];
  verdict: ScaFlowVerdict;
  /** One line saying why. */
  message: string;
  /** The checks whose flows were compared, in the sandbox run's order. */
  compared: string[];
  difference?: ScaFlowDifference;
}

/** The area of the SCA checks (suites/sca-sessions). */
export const SCA_CHECK_AREA = 'sca-sessions';

/** A check that judged its rules: its exchanges are the flow the bank gave, not a stop halfway. */
const JUDGED = new Set(['PASS', 'FAIL', 'WARNING']);

function sameStep(a: ScaFlowStep | undefined, b: ScaFlowStep | undefined): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function firstDifference(
  checkId: string,
  sandbox: readonly ScaFlowStep[],
  production: readonly ScaFlowStep[],
): ScaFlowDifference | undefined {
  for (let i = 0; i < Math.max(sandbox.length, production.length); i++) {
    if (sameStep(sandbox[i], production[i])) continue;
    return {
      checkId,
      step: i + 1,
      sandbox: scaFlowStepText(sandbox[i]),
      production: scaFlowStepText(production[i]),
    };
  }
  return undefined;
}

function judgement(
  verdict: ScaFlowVerdict,
  message: string,
  compared: string[] = [],
  difference?: ScaFlowDifference,
): ScaFlowJudgement {
  return {
    id: SCA_FLOW_COMPARISON.id,
    rules: SCA_FLOW_COMPARISON.rules,
    verdict,
    message,
    compared,
    ...(difference ? { difference } : {}),
  };
}

/** Why the two runs are not one bank's sandbox and production, or undefined when they are. */
function notBothEnvironments(a: RunResult, b: RunResult): string | undefined {
  const [one, other] = [runTargetIdentity(a.target), runTargetIdentity(b.target)];
  if (one.mode === other.mode)
    return `both runs are of ${one.mode} (${runTargetText(one)}, ${runTargetText(other)}): the rule compares a sandbox run with a production run`;
  // An embedded bank and a bank at a URL are two banks; two URLs are taken as the user's word that
  // they are one bank's two environments (each has its own address).
  if ((one.url === undefined) !== (other.url === undefined))
    return `${runTargetText(one)} and ${runTargetText(other)} are not one bank's two environments`;
  return undefined;
}

/** Judges SCA-SAME-FLOW-BOTH-ENVIRONMENTS on two runs, in either order. */
export function judgeScaFlowEnvironments(a: RunResult, b: RunResult): ScaFlowJudgement {
  const refused = notBothEnvironments(a, b);
  if (refused) return judgement('INCONCLUSIVE', refused);
  const [sandbox, production] = a.target.mode === 'sandbox' ? [a, b] : [b, a];
  const inProduction = new Map(production.checks.map((check) => [check.checkId, check]));
  const compared: string[] = [];
  for (const check of sandbox.checks) {
    const other = inProduction.get(check.checkId);
    if (!other || !bothJudgedWithSca(check, other)) continue;
    compared.push(check.checkId);
    const difference = firstDifference(check.checkId, tppShapeOf(check), tppShapeOf(other));
    if (difference)
      return judgement(
        'FAIL',
        `${difference.checkId} step ${difference.step}: sandbox ${difference.sandbox}; production ${difference.production}`,
        compared,
        difference,
      );
  }
  if (compared.length === 0)
    return judgement(
      'NOT_EXERCISED',
      `the two runs share no check of the SCA area (${SCA_CHECK_AREA}) that took a PSU through SCA and judged its rules in both`,
    );
  return judgement(
    'PASS',
    `${compared.length} SCA flow${compared.length === 1 ? '' : 's'} of the same shape in sandbox and production`,
    compared,
  );
}

function bothJudgedWithSca(sandbox: CheckResult, production: CheckResult): boolean {
  if (sandbox.area !== SCA_CHECK_AREA || production.area !== SCA_CHECK_AREA) return false;
  if (!JUDGED.has(sandbox.status) || !JUDGED.has(production.status)) return false;
  return scaFlowOf(sandbox) !== undefined || scaFlowOf(production) !== undefined;
}

/**
 * A TPP test plan's verdicts (main/core/bank/plans/) in the runner's report formats: one check per
 * module, its findings as evidence, as the TPP conformance report is rendered (tpp-report.ts). A
 * module never judged or NOT_EXERCISED is SKIPPED with the reason; INCONCLUSIVE stays "could not
 * test".
 */
import type { CheckResult, RunResult } from '../../../shared/run-result.js';
import type { PlanModuleView, PlanReport } from '../../bank/index.js';
import { tppRule } from '../../spec/tpp-rules.js';
import {
  bankJudgedRunResult,
  findingEvidence,
  renderBankJudged,
  type TppReportFormat,
} from './tpp-report.js';

/** File names `workbench bank --plan … --report … --report-dir DIR` writes. */
export const PLAN_REPORT_FILES: Readonly<Record<TppReportFormat, string>> = {
  json: 'tpp-plan-report.json',
  junit: 'tpp-plan-junit.xml',
  html: 'tpp-plan-report.html',
};

function moduleCheck(module: PlanModuleView, report: PlanReport): CheckResult {
  const exchanges = new Map(report.exchanges.map((exchange) => [exchange.id, exchange]));
  const result = module.result;
  const status = result?.status ?? 'NOT_EXERCISED';
  const firstFailure = result?.findings.find((finding) => finding.verdict === 'fail');
  const catalogue = module.rules.flatMap((id) => tppRule(id)?.catalogue ?? []);
  return {
    checkId: module.id,
    title: module.title,
    area: `tpp-plan-${report.plan.name}`,
    rules: [...module.rules, ...catalogue],
    tags: [],
    status: status === 'NOT_EXERCISED' ? 'SKIPPED' : status,
    durationMs: 0,
    ...(status === 'FAIL'
      ? {
          failure: {
            message: result!.text,
            ...(firstFailure ? { exchangeId: `#${firstFailure.exchangeId}` } : {}),
          },
        }
      : {}),
    ...(status === 'NOT_EXERCISED'
      ? { skipReason: result?.text ?? 'the module was never started' }
      : {}),
    ...(status === 'INCONCLUSIVE' ? { couldNotTest: { reason: result!.text } } : {}),
    warnings: [],
    evidence: [
      { kind: 'note', at: report.generatedAt, text: `What the tester did: ${module.instruction}` },
      ...(result?.findings ?? []).flatMap((finding) => findingEvidence(finding, exchanges)),
    ],
  };
}

/** The plan report as a run result: what the JUnit and HTML reporters read. */
export function planReportToRunResult(report: PlanReport): RunResult {
  const checks = report.modules.map((module) => moduleCheck(module, report));
  return bankJudgedRunResult(`tpp-plan-${report.plan.name}-${report.generatedAt}`, report, checks);
}

const title = (report: PlanReport) =>
  `TPP test plan '${report.plan.name}' judged by the workbench bank at ${report.bank.url ?? `(${report.bank.mode})`}`;

export function renderPlanReport(report: PlanReport, format: TppReportFormat): string {
  return renderBankJudged(report, () => planReportToRunResult(report), title(report), format);
}

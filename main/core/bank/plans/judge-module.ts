/**
 * A module's verdict over its window: the window's exchanges go through a recorder of their own
 * (log/tpp-findings/recorder.ts, the judgements of the TPP conformance report), so a rule is
 * judged the same way in a plan as in the report; the module adds what it must have seen, and
 * judges a rule no exchange shows by its own inspection (model.ts `inspect`).
 */
import { TppFindingsRecorder, type Observation } from '../log/tpp-findings/recorder.js';
import type { TppEvidenceExchange } from '../log/tpp-findings/model.js';
import { tppRule } from '../../spec/tpp-rules.js';
import type { ModuleInspection, ModuleResult, ModuleWindow, PlanModule } from './model.js';

export interface JudgedModule {
  result: ModuleResult;
  /** The exchanges the findings point at. */
  exchanges: TppEvidenceExchange[];
}

/** The module's inspection; one that throws is INCONCLUSIVE with its error, never a crash. */
async function inspected(module: PlanModule, window: ModuleWindow) {
  try {
    return await module.inspect!(window);
  } catch (error) {
    return {
      rule: module.rules[0]!,
      status: 'INCONCLUSIVE',
      text: `the workbench could not look: ${error instanceof Error ? error.message : String(error)}`,
    } satisfies ModuleInspection;
  }
}

export async function judgeModule(
  module: PlanModule,
  observations: readonly Observation[],
  setup: Readonly<Record<string, string>>,
  bank: { mode: string },
): Promise<JudgedModule> {
  const recorder = new TppFindingsRecorder({ mode: bank.mode });
  for (const observation of observations) recorder.observe(observation);
  const report = recorder.report();
  const rules = report.rules.filter((rule) =>
    (module.rules as readonly string[]).includes(rule.id),
  );
  const tallies = new Map(rules.map((rule) => [rule.id, rule]));
  const window: ModuleWindow = {
    observations,
    setup,
    tally: (id) => ({
      passes: tallies.get(id)?.passes ?? 0,
      failures: tallies.get(id)?.failures ?? 0,
    }),
  };
  const findings = [
    ...rules.flatMap((rule) => rule.findings.filter((finding) => finding.verdict === 'fail')),
    ...rules.flatMap((rule) => rule.findings.filter((finding) => finding.verdict === 'pass')),
  ];
  const kept = new Set(findings.map((finding) => finding.exchangeId));
  const base = {
    requestsJudged: report.requestsJudged,
    rules: rules.map((rule) => ({
      id: rule.id as PlanModule['rules'][number],
      passes: rule.passes,
      failures: rule.failures,
    })),
    findings,
  };
  const exchanges = report.exchanges.filter((exchange) => kept.has(exchange.id));
  const broken = rules.filter((rule) => rule.failures > 0);
  if (broken.length > 0) {
    const first = findings[0]!;
    return {
      result: {
        ...base,
        status: 'FAIL',
        text: `${broken.map((rule) => `${rule.id} (${rule.section})`).join(', ')} broken: #${first.exchangeId} ${first.request}: ${first.text}`,
      },
      exchanges,
    };
  }
  const missing = module.missing(window);
  if (missing !== undefined)
    return { result: { ...base, status: 'NOT_EXERCISED', text: missing }, exchanges };
  if (module.inspect) {
    const found = await inspected(module, window);
    base.rules.push({
      id: found.rule,
      passes: found.status === 'PASS' ? 1 : 0,
      failures: found.status === 'FAIL' ? 1 : 0,
    });
    const said =
      found.status === 'FAIL'
        ? `${found.rule} (${tppRule(found.rule)?.section ?? module.section}) broken: ${found.text}`
        : `${found.rule}: ${found.text}`;
    if (found.status !== 'PASS' || rules.length === 0)
      return { result: { ...base, status: found.status, text: said }, exchanges };
  }
  const unseen = rules.filter((rule) => rule.passes === 0);
  if (unseen.length > 0)
    return {
      result: {
        ...base,
        status: 'INCONCLUSIVE',
        text: `the flow ran, but no request gave ${unseen.map((rule) => rule.id).join(', ')} anything to judge`,
      },
      exchanges,
    };
  return {
    result: {
      ...base,
      status: 'PASS',
      text: `${rules.map((rule) => `${rule.id} kept ${rule.passes}×`).join(', ')}, never broken`,
    },
    exchanges,
  };
}

/**
 * `workbench rules`: the rule catalogue with its coverage by checks — rules with checks, testable
 * rules without, rules only the client can be judged on (by the TPP side), and untestable rules
 * with the reason. Exits 1 when the registry names a rule the
 * catalogue lacks (or an untestable one), so CI catches a typo in a check's `rules`.
 */
import type { Check } from '../../core/runner/check-api/index.js';
import {
  CHECKS,
  isRuleArea,
  RULE_AREAS,
  RULES,
  type Rule,
  type RuleArea,
} from '../../../suites/index.js';
import {
  COVERAGE_STATES,
  describeProblem,
  everyAnswerCheckId,
  ruleCoverage,
  SCA_FLOW_COMPARISON,
  summariseCoverage,
  type ClientCoverage,
  type ComparisonJudge,
  type CoverageState,
  type RuleCoverage,
} from '../../core/runner/index.js';
import { tppRuleCoverage, type TppRuleCoverage } from '../../core/bank/index.js';
import type { CliCommand } from './command.js';
import { UsageError, type CliIo } from './io.js';
import { parseFlags } from './parse.js';

const STATES = COVERAGE_STATES;

const usage = `Usage: workbench rules [--area AREA]... [--state ${STATES.join('|')}] [--json]

Prints the rule catalogue (every normative statement of the interface spec and decisions.md) with
its coverage: rules with checks, judged on every answer of a run, or judged by comparing two runs
(state covered; a rule only judged on every answer, such as ERR-STATUS-500 on any 500 or
SYSTEM_ERROR answer, shows [every answer] and is judged only by a run that got such an answer; one
judged by comparing a sandbox and a production run shows [compared]), testable rules without
checks, rules no check of a bank can
observe but the bank judges of the client (state client, with the TPP-side rules and plan modules
that judge it), untestable rules with the reason.
Then the TPP side: what the spec asks of the client, judged by the bank's TPP report over every
request and by the modules of the TPP test plans (docs/tpp-plans.md).
  --area AREA   only this area (repeatable): ${RULE_AREAS.join(', ')}
  --state S     only rules in this coverage state
  --json        machine-readable output: { summary, areas, rules, tpp, problems }

Exit code 1 when a check names a rule that is not in the catalogue or is untestable.`;

export interface RulesCatalogue {
  rules: readonly Rule[];
  checks: readonly Check[];
  /** The TPP side: rules the client is judged on, and how. */
  tpp?: readonly TppRuleCoverage[];
  /** Rules judged by comparing two runs (workbench compare), which no one run can judge. */
  comparisons?: readonly ComparisonJudge[];
}

function stateLabel(entry: RuleCoverage): string {
  if (entry.state === 'untestable') return '[untestable]';
  if (entry.state === 'client') return '[client]';
  if (entry.state === 'uncovered') return '[no check]';
  if (entry.checkIds.length === 0) return entry.comparisons ? '[compared]' : '[every answer]';
  return `[${entry.checkIds.length} check${entry.checkIds.length === 1 ? '' : 's'}]`;
}

const LABEL_WIDTH = '[untestable]'.length;

function ruleLines(entry: RuleCoverage): string[] {
  const { rule } = entry;
  const indent = ' '.repeat(LABEL_WIDTH + 3);
  const lines = [
    `  ${stateLabel(entry).padEnd(LABEL_WIDTH)} ${rule.id} (${rule.section}) ${rule.statement}`,
  ];
  if (entry.checkIds.length > 0) lines.push(`${indent}checks: ${entry.checkIds.join(', ')}`);
  if (entry.everyAnswer)
    lines.push(
      `${indent}judged on every answer of a run it speaks of: ${everyAnswerCheckId(rule.id)}`,
    );
  if (entry.comparisons)
    lines.push(
      `${indent}judged by comparing two runs (workbench compare): ${entry.comparisons.join(', ')}`,
    );
  if (entry.client) lines.push(`${indent}judged of the client: ${clientText(entry.client)}`);
  if (!rule.testable)
    lines.push(
      `${indent}why ${entry.client ? 'no check of a bank' : 'untestable'}: ${rule.reason}`,
    );
  if (rule.testable && rule.needs?.length) lines.push(`${indent}needs: ${rule.needs.join(', ')}`);
  return lines;
}

/** `TPP-PSU-ID by the TPP report and modules basic:PSU-ID-FROM-REDIRECT`. */
function clientText(client: ClientCoverage): string {
  const by = [
    ...(client.report ? ['the TPP report'] : []),
    ...(client.modules.length > 0 ? [`modules ${client.modules.join(', ')}`] : []),
  ];
  return `${client.tppRules.join(', ')} by ${by.join(' and ')}`;
}

function summaryText(entries: readonly RuleCoverage[]): string {
  const s = summariseCoverage(entries);
  return `${s.rules} rules: ${s.testable} testable (${s.covered} with checks, ${s.uncovered} without), ${s.client} judged of the client, ${s.untestable} untestable`;
}

function parseArea(values: string[] | undefined): RuleArea[] | undefined {
  if (values === undefined) return undefined;
  return values.map((value) => {
    if (!isRuleArea(value)) {
      throw new UsageError(`--area must be one of ${RULE_AREAS.join(', ')}, not '${value}'.`);
    }
    return value;
  });
}

function parseState(value: string | undefined): CoverageState | undefined {
  if (value === undefined) return undefined;
  if (!(STATES as readonly string[]).includes(value)) {
    throw new UsageError(`--state must be one of ${STATES.join(', ')}, not '${value}'.`);
  }
  return value as CoverageState;
}

function tppLines(rules: readonly TppRuleCoverage[]): string[] {
  const inPlans = rules.filter((rule) => rule.modules.length > 0).length;
  const inReport = rules.filter((rule) => rule.report).length;
  return [
    '',
    `TPP side: ${rules.length} rules, judged of the client: ${inReport} by the TPP report over every request, ${inPlans} in a test plan's module`,
    ...rules.flatMap((rule) => [
      `  ${rule.id} (${rule.section}) ${rule.statement}`,
      `${' '.repeat(LABEL_WIDTH + 3)}bank side: ${rule.catalogue.join(', ')}; modules: ${rule.modules.join(', ') || 'none'}`,
    ]),
  ];
}

function jsonOf(entry: RuleCoverage) {
  return {
    ...entry.rule,
    state: entry.state,
    checks: entry.checkIds,
    ...(entry.everyAnswer ? { everyAnswer: everyAnswerCheckId(entry.rule.id) } : {}),
    ...(entry.comparisons ? { comparisons: entry.comparisons } : {}),
    ...(entry.client ? { client: entry.client } : {}),
  };
}

export function createRulesCommand(catalogue: RulesCatalogue): CliCommand {
  return {
    name: 'rules',
    summary: 'List the rule catalogue and which rules have checks.',
    usage,
    async run(argv: string[], io: CliIo) {
      const { values } = parseFlags(argv, {
        area: { type: 'string', multiple: true },
        state: { type: 'string' },
        json: { type: 'boolean' },
      });
      const areas = parseArea(values.area);
      const state = parseState(values.state);
      const report = ruleCoverage(
        catalogue.rules,
        catalogue.checks,
        catalogue.tpp,
        catalogue.comparisons,
      );
      // In area order, as the text output groups them, whatever order the catalogue holds.
      const areaOrder = (entry: RuleCoverage) => RULE_AREAS.indexOf(entry.rule.area);
      const shown = report.rules
        .filter(
          (entry) =>
            (areas === undefined || areas.includes(entry.rule.area)) &&
            (state === undefined || entry.state === state),
        )
        .sort((a, b) => areaOrder(a) - areaOrder(b));
      const areasShown = RULE_AREAS.filter((area) =>
        shown.some((entry) => entry.rule.area === area),
      );

      // The TPP side has neither areas nor check coverage: shown when the whole catalogue is.
      const tpp = areas === undefined && state === undefined ? catalogue.tpp : undefined;
      if (values.json) {
        io.out(
          JSON.stringify(
            {
              summary: { ...summariseCoverage(shown), checks: catalogue.checks.length },
              areas: areasShown.map((area) => ({
                area,
                ...summariseCoverage(shown.filter((entry) => entry.rule.area === area)),
              })),
              rules: shown.map(jsonOf),
              ...(tpp ? { tpp: { rules: tpp.length, entries: tpp } } : {}),
              problems: report.problems.map((problem) => ({
                ...problem,
                text: describeProblem(problem),
              })),
            },
            null,
            2,
          ),
        );
      } else {
        io.out(
          `Rule catalogue: ${summaryText(shown)}. Checks in the registry: ${catalogue.checks.length}.`,
        );
        for (const area of areasShown) {
          const entries = shown.filter((entry) => entry.rule.area === area);
          io.out('');
          io.out(`${area}: ${summaryText(entries)}`);
          for (const entry of entries) for (const line of ruleLines(entry)) io.out(line);
        }
        if (tpp) for (const line of tppLines(tpp)) io.out(line);
      }
      for (const problem of report.problems) io.err(`workbench rules: ${describeProblem(problem)}`);
      return report.problems.length > 0 ? 1 : 0;
    },
  };
}

export const rulesCommand: CliCommand = createRulesCommand({
  rules: RULES,
  checks: CHECKS,
  tpp: tppRuleCoverage(),
  comparisons: [SCA_FLOW_COMPARISON],
});

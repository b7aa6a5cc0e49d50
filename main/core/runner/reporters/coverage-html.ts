/**
 * The HTML report's rule coverage map: spec section → rule → its checks → their verdicts in this
 * run; a rule no check of a bank can observe says how the client is judged on it instead, or why
 * it is untestable.
 */
import type { CheckResult } from '../../../shared/run-result.js';
import type { CheckId } from '../../../shared/rule-ids.js';
import type { CoverageRule } from '../results/coverage.js';
import { everyAnswerCheckId } from '../engine/answer-observer.js';
import { escapeReportHtml as h } from './escape.js';

/** The fragment of a check's section: `report.html#check-PAY-E2EID-MAX-35`. */
export function checkAnchor(checkId: CheckId): string {
  return `check-${checkId}`;
}

// A rule whose check awaits a person's review is neither judged failed nor passed yet.
const WORST_FIRST = ['FAIL', 'REVIEW', 'WARNING', 'PASS', 'SKIPPED'] as const;

/**
 * The rule coverage map of this run: spec section → rule → its checks with their verdicts here
 * (linked to their sections), the rule's verdict the worst of them. Gaps are named: a rule no
 * check covers, a rule whose checks did not run against this target; untestable rules say why.
 */
export function coverageHtml(
  rules: readonly CoverageRule[],
  checks: readonly CheckResult[],
): string {
  const statusOf = new Map(checks.map((check) => [check.checkId, check.status]));
  const sections = new Map<string, CoverageRule[]>();
  for (const rule of rules)
    sections.set(rule.section, [...(sections.get(rule.section) ?? []), rule]);
  let gaps = 0;
  const bodies = [...sections]
    .sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }))
    .map(([section, sectionRules]) => {
      const rows = sectionRules.map((rule) => {
        // A rule judged on every answer has the observer's result as one more verdict; none when
        // no answer of the run was one it speaks of.
        const ids = rule.everyAnswer
          ? [...rule.checkIds, everyAnswerCheckId(rule.id)]
          : rule.checkIds;
        const ran = ids.filter((id) => statusOf.has(id));
        const worst = WORST_FIRST.find((status) => ran.some((id) => statusOf.get(id) === status));
        let verdict: string;
        if (!rule.testable && rule.client) verdict = clientVerdictHtml(rule.client);
        else if (!rule.testable)
          verdict = `<span class="time">untestable: ${h(rule.reason ?? '')}</span>`;
        else if (rule.checkIds.length === 0 && rule.comparisons?.length)
          verdict = `<span class="time">judged by comparing a sandbox run with a production run (workbench compare): ${rule.comparisons.map((id) => `<code>${h(id)}</code>`).join(', ')}</span>`;
        else if (ids.length === 0) verdict = '<span class="gap">gap: no check</span>';
        else if (!worst && rule.checkIds.length === 0)
          verdict = '<span class="gap">gap: not judged (no answer of this run it speaks of)</span>';
        else if (!worst) verdict = '<span class="gap">gap: not run</span>';
        else verdict = `<span class="v-${worst.toLowerCase()}">${worst}</span>`;
        if (rule.testable && !worst && !rule.comparisons?.length) gaps += 1;
        const checkLinks = ids
          .map((id) => {
            const status = statusOf.get(id);
            return status
              ? `<a href="#${h(checkAnchor(id))}"><code>${h(id)}</code></a> <span class="v-${status.toLowerCase()}">${status}</span>`
              : `<code>${h(id)}</code> <span class="time">${rule.checkIds.includes(id) ? 'not run' : 'no finding'}</span>`;
          })
          .join('<br>');
        return `<tr data-rule="${h(rule.id)}"><th scope="row"><code>${h(rule.id)}</code> ${h(rule.statement)}</th><td>${checkLinks}</td><td>${verdict}</td></tr>`;
      });
      return `<tbody><tr><th scope="colgroup" colspan="3">${h(section)}</th></tr>${rows.join('')}</tbody>`;
    });
  return `<section id="coverage"><h2>Rule coverage <span class="time">${rules.length} rules, ${gaps} with a gap on this target</span></h2><table class="coverage"><thead><tr><th scope="col">Rule</th><th scope="col">Checks in this run</th><th scope="col">Verdict</th></tr></thead>${bodies.join('')}</table></section>`;
}

/**
 * A rule no check of a bank can observe, judged of the client instead: the TPP-side rules and the
 * test-plan modules that judge it (docs/tpp-plans.md).
 */
function clientVerdictHtml(client: NonNullable<CoverageRule['client']>): string {
  const rules = client.tppRules.map((id) => `<code>${h(id)}</code>`).join(', ');
  const modules = client.modules.map((id) => `<code>${h(id)}</code>`).join(', ');
  const by = [
    ...(client.report ? ['the TPP report'] : []),
    ...(modules ? [`modules ${modules}`] : []),
  ];
  return `<span class="time">judged of the client: ${rules} by ${by.join(' and ')}</span>`;
}

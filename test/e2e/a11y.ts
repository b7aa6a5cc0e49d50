/**
 * WCAG 2.1 AA as axe-core checks it: a view's serious and critical violations (colour contrast,
 * names, landmarks, scrollable regions a keyboard cannot reach). Each check's full result is kept
 * as a test attachment, so a failure names the rule and the elements.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page, TestInfo } from '@playwright/test';

export interface AxeFinding {
  view: string;
  rule: string;
  impact: string;
  nodes: string[];
}

/** The violations of WCAG 2.0/2.1 A and AA on the page as it is now, whatever their impact. */
export async function axeViolations(
  page: Page,
  testInfo: TestInfo,
  view: string,
): Promise<AxeFinding[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const findings = results.violations.map((v) => ({
    view,
    rule: v.id,
    impact: v.impact ?? 'unknown',
    nodes: v.nodes.map((n) => `${n.target.join(' ')} — ${n.failureSummary ?? ''}`),
  }));
  await testInfo.attach(`axe-${view}.json`, {
    body: JSON.stringify(findings, null, 2),
    contentType: 'application/json',
  });
  return findings;
}

/** Counts of findings by impact, for the test's log: `{ serious: 3, critical: 1 }`. */
export function countByImpact(findings: AxeFinding[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const f of findings) counts[f.impact] = (counts[f.impact] ?? 0) + f.nodes.length;
  return counts;
}

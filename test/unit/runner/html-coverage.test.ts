/** The HTML report's rule coverage map (main/core/runner/reporters/coverage-html.ts). */
import { describe, expect, it } from 'vitest';
import { runChecks } from '../../../main/core/runner/engine/run';
import { renderHtmlReport } from '../../../main/core/runner/reporters/html';
import type { CoverageRule } from '../../../main/core/runner/results/coverage';
import { check, runOptions } from './fakes';

const rule = (id: string, section: string, checkIds: string[], testable = true): CoverageRule => ({
  id,
  section,
  statement: `statement of ${id} <b>`,
  testable,
  ...(testable ? {} : { reason: 'only the bank operator can see it' }),
  checkIds,
});

describe('HTML report coverage map', () => {
  it('maps section → rule → checks → verdict, with the gaps named', async () => {
    const result = await runChecks(
      runOptions([
        check('C-PASS', async () => {}, { rules: ['R-1'] }),
        check(
          'C-FAIL',
          async (ctx) => {
            ctx.expect.equal(1, 2, 'one is two');
          },
          { rules: ['R-1'] },
        ),
      ]),
    );
    const html = renderHtmlReport(result, {
      coverage: [
        rule('R-1', '§5.2.10', ['C-PASS', 'C-FAIL']),
        // The fixture's gaps: a rule no check covers, and one whose check did not run here.
        rule('R-2', '§5.2.9', []),
        rule('R-3', '§5.2.9', ['C-ELSEWHERE']),
        rule('R-4', '§1', [], false),
        // No check of a bank can observe it; the bank judges the client on it.
        {
          ...rule('R-5', '§1', [], false),
          client: { tppRules: ['TPP-R5'], report: true, modules: ['basic:R5-MODULE'] },
        },
        // No one run judges it; the comparison of a sandbox and a production run does.
        { ...rule('R-6', '§1', []), comparisons: ['COMPARE-R6'] },
      ],
    });
    const section = html.slice(html.indexOf('<section id="coverage">'));
    expect(section).toContain('6 rules, 2 with a gap on this target');
    // Sections in spec order: §1, §5.2.9, §5.2.10.
    const order = ['§1', '§5.2.9', '§5.2.10'].map((s) => section.indexOf(`>${s}<`));
    expect(order.every((at) => at > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    const row = (id: string) =>
      section.slice(section.indexOf(`data-rule="${id}"`)).split('</tr>')[0]!;
    // The rule's verdict is its worst check's; each check links to its section in the report.
    expect(row('R-1')).toContain('<a href="#check-C-FAIL">');
    expect(row('R-1')).toMatch(/<td><span class="v-fail">FAIL<\/span><\/td>$/);
    expect(row('R-2')).toContain('gap: no check');
    expect(row('R-3')).toContain('gap: not run');
    expect(row('R-3')).toContain('<code>C-ELSEWHERE</code> <span class="time">not run</span>');
    expect(row('R-4')).toContain('untestable: only the bank operator can see it');
    expect(row('R-5')).toContain(
      'judged of the client: <code>TPP-R5</code> by the TPP report and modules <code>basic:R5-MODULE</code>',
    );
    expect(row('R-5')).not.toContain('untestable');
    expect(row('R-6')).toContain(
      'judged by comparing a sandbox run with a production run (workbench compare): <code>COMPARE-R6</code>',
    );
    // Statements are text, not markup.
    expect(section).toContain('statement of R-1 &lt;b&gt;');
    // Without the catalogue there is no map.
    expect(renderHtmlReport(result)).not.toContain('id="coverage"');
  });
});

describe('HTML report coverage map: a rule judged on every answer', () => {
  const observed: CoverageRule = { ...rule('ERR-STATUS-500', '§7', []), everyAnswer: true };
  const rowOf = (html: string) => {
    const section = html.slice(html.indexOf('<section id="coverage">'));
    return section.slice(section.indexOf('data-rule="ERR-STATUS-500"')).split('</tr>')[0]!;
  };

  it('says not judged, never PASS, when the run has no verdict on it', async () => {
    const result = await runChecks(
      runOptions([check('C-PASS', async () => {}, { rules: ['R-1'] })]),
    );
    const row = rowOf(renderHtmlReport(result, { coverage: [observed] }));
    expect(row).toContain('gap: not judged (no answer of this run it speaks of)');
    expect(row).toContain(
      '<code>EVERY-ANSWER-ERR-STATUS-500</code> <span class="time">no finding</span>',
    );
    expect(row).not.toContain('gap: no check');
    expect(row).not.toContain('PASS');
  });

  it("takes the verdict of the run's EVERY-ANSWER result", async () => {
    const result = await runChecks(
      runOptions([check('C-PASS', async () => {}, { rules: ['R-1'] })]),
    );
    result.checks.push({
      ...result.checks[0]!,
      checkId: 'EVERY-ANSWER-ERR-STATUS-500',
      rules: ['ERR-STATUS-500'],
      status: 'FAIL',
    });
    const row = rowOf(renderHtmlReport(result, { coverage: [observed] }));
    expect(row).toContain('<a href="#check-EVERY-ANSWER-ERR-STATUS-500">');
    expect(row).toMatch(/<td><span class="v-fail">FAIL<\/span><\/td>$/);
  });

  it('gives a rule whose check awaits review REVIEW, not "not run"', async () => {
    const result = await runChecks(
      runOptions([check('C-PASS', async () => {}, { rules: ['R-1'] })]),
    );
    result.checks[0] = { ...result.checks[0]!, status: 'REVIEW' };
    const html = renderHtmlReport(result, { coverage: [rule('R-1', '§1', ['C-PASS'])] });
    const row = html.slice(html.indexOf('data-rule="R-1"')).split('</tr>')[0]!;
    expect(row).toMatch(/<td><span class="v-review">REVIEW<\/span><\/td>$/);
    expect(row).not.toContain('gap: not run');
  });
});

/** `workbench run` with a baseline and every report file: one marked result for all of them. */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { captureCliIo } from '../../../support/cli-capture';
import { createRunCommand } from '../../../../main/hosts/cli/run-command';
import { parseRunResult } from '../../../../main/core/runner/results/result-file';
import { check } from '../../runner/fakes';

// Never asks to stop: the run goes to its end.
const capture = () => captureCliIo(() => new Promise(() => {}));

describe('workbench run', () => {
  it('marks the baseline in every report and exits by it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'run-command-'));
    const baselineFile = join(dir, 'baseline.json');
    writeFileSync(
      baselineFile,
      JSON.stringify({ expectedFailures: [{ checkId: 'KNOWN', reason: 'BANK-42' }] }),
    );
    const command = createRunCommand({
      checks: [check('OK'), check('KNOWN', async (ctx) => ctx.expect.true(false, 'bug'))],
    });
    const io = capture();
    const out = join(dir, 'reports');
    const argv = ['--target', 'embedded', '--reporter', 'junit,json,html'];
    expect(await command.run([...argv, '--out', out, '--baseline', baselineFile], io)).toBe(0);

    expect(io.stderr).toEqual([]);
    expect(io.stdout).toContain('1 expected failure(s) in the baseline:');
    expect(io.stdout).toContain('  KNOWN: BANK-42');
    const reportsLine = io.stdout.at(-1)!;
    expect(reportsLine).toMatch(
      new RegExp(
        `^Reports: junit, json, html in ${out} \\(also named embedded-sandbox-\\d{8}T\\d{6}Z\\.\\*\\)$`,
      ),
    );
    // The named copies are the same files as the stable names CI scripts read.
    const name = /named (\S+)\.\*/.exec(reportsLine)![1]!;
    for (const [stable, named] of [
      ['junit.xml', `${name}.junit.xml`],
      ['report.html', `${name}.html`],
      ['run-result.json', `${name}.run-result.json`],
    ])
      expect(readFileSync(join(out, named!), 'utf8')).toBe(
        readFileSync(join(out, stable!), 'utf8'),
      );
    const json = parseRunResult(readFileSync(join(out, 'run-result.json'), 'utf8'));
    expect(json.meta).toMatchObject({
      workbench: { name: 'PSD2 Workbench' },
      spec: { document: 'docs/spec/interface-spec.md', berlinGroupOpenApi: '1.3.8' },
      target: { url: json.target.baseUrl, mode: 'sandbox', profileFile: null },
      selection: { suites: [], checks: 2 },
      baseline: baselineFile,
      runName: name,
    });
    expect(json.meta!.spec.catalogueSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(json.checks.find((c) => c.checkId === 'KNOWN')?.expectedFailure).toEqual({
      reason: 'BANK-42',
    });
    expect(readFileSync(join(out, 'junit.xml'), 'utf8')).toContain(
      'expected failure (baseline): BANK-42',
    );
    expect(readFileSync(join(out, 'report.html'), 'utf8')).toContain(
      'Expected failure (baseline):</strong> BANK-42',
    );
  }, 30_000);

  it('exits 0 on checks awaiting review, and says how many and how to review them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'run-command-review-'));
    const shown = check(
      'SHOWN',
      async (ctx) =>
        ctx.evidence.screenshot({ step: 'consent', url: 'http://bank/sca', pngBase64: 'iVBORw0=' }),
      { needsReview: 'the accounts ticked' },
    );
    const command = createRunCommand({ checks: [check('OK'), shown] });
    const io = capture();
    const out = join(dir, 'reports');
    const argv = ['--target', 'embedded', '--reporter', 'html,json', '--out', out];
    expect(await command.run(argv, io)).toBe(0);
    expect(io.stdout).toContain('1 check awaits review: SHOWN');
    expect(io.stdout).toContain(
      `  To review: look at their screenshots in ${join(out, 'report.html')}; import ${join(out, 'run-result.json')} in the workbench's Runner and decide Pass or Fail on each.`,
    );
    const json = parseRunResult(readFileSync(join(out, 'run-result.json'), 'utf8'));
    expect(json.counts).toMatchObject({ PASS: 1, REVIEW: 1, FAIL: 0 });
  });
});

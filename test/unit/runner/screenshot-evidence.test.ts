/**
 * Screenshots of the PSU's pages as evidence: the engine hands the check's evidence recorder to
 * the PSU agent, the run result carries `screenshot` items (and imports them again), the HTML
 * report shows them as data: images, the text evidence names them in one line.
 */
import { describe, expect, it } from 'vitest';
import { runChecks } from '../../../main/core/runner/engine/run';
import { renderHtmlReport } from '../../../main/core/runner/reporters/html';
import { evidenceItemText } from '../../../main/core/runner/reporters/evidence-text';
import { parseRunResult } from '../../../main/core/runner/results/result-file';
import type { PsuAgent } from '../../../main/core/runner/check-api/index';
import { check, environment, fakeClient, fakeExchange, runOptions } from './fakes';

// A 1×1 PNG.
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

async function runWithScreenshots(shots: { step: string; url: string; pngBase64: string }[]) {
  const psu: PsuAgent = {
    async completeSca(url, _script, evidence) {
      for (const shot of shots) evidence?.screenshot(shot);
      return { outcome: 'failure', url, params: {}, status: 401, code: 'SCA_INVALID', message: '' };
    },
  };
  return runChecks(
    runOptions(
      [
        check('SCA-SHOTS', async (ctx) => {
          await ctx.psu.completeSca('http://bank.example/sca/1', { login: '1' });
        }),
      ],
      {
        createEnvironment: () =>
          environment({ psu, client: fakeClient(() => fakeExchange({ status: 200 })) }),
      },
    ),
  );
}

describe('screenshot evidence', () => {
  it('reaches the check evidence through the PSU agent, and survives export and import', async () => {
    const result = await runWithScreenshots([
      { step: 'login', url: 'http://bank.example/sca/1', pngBase64: PNG },
      { step: 'consent', url: 'http://bank.example/sca/1', pngBase64: PNG },
    ]);
    const evidence = result.checks[0]!.evidence;
    expect(evidence.map((item) => item.kind)).toEqual(['screenshot', 'screenshot']);
    expect(evidence[0]).toMatchObject({ step: 'login', pngBase64: PNG });
    const imported = parseRunResult(JSON.stringify(result));
    expect(imported.checks[0]!.evidence).toEqual(evidence);
    expect(() =>
      parseRunResult(
        JSON.stringify({
          ...result,
          checks: [{ ...result.checks[0], evidence: [{ kind: 'screenshot', at: 'x', step: 'a' }] }],
        }),
      ),
    ).toThrow(/url|pngBase64/);
  });

  it('renders as an image in HTML and as a line of text; a value that is not base64 is dropped', async () => {
    const hostile = '"><script>alert(1)</script>';
    const result = await runWithScreenshots([
      { step: 'consent', url: 'http://bank.example/sca/1', pngBase64: PNG },
      { step: `step ${hostile}`, url: 'http://bank.example/', pngBase64: hostile },
    ]);
    const html = renderHtmlReport(result);
    expect(html).toContain(`<img src="data:image/png;base64,${PNG}"`);
    expect(html).toContain('Screenshot: consent');
    expect(html).toContain(`<img src="data:image/png;base64," alt="step &quot;&gt;&lt;script&gt;`);
    expect(html).not.toContain('<script>');
    expect(html).toContain(`img-src data:`);
    expect(evidenceItemText(result.checks[0]!.evidence[0]!)).toBe(
      'screenshot: consent at http://bank.example/sca/1 (PNG, 70 bytes; in the JSON and HTML results)',
    );
  });
});

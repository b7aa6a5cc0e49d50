import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runChecks } from '../../../../main/core/runner/engine/run';
import { htmlReporter, renderHtmlReport } from '../../../../main/core/runner/reporters/html';
import { withBaseline } from '../../../../main/core/runner/reporters/with-baseline';
import type { RunResult } from '../../../../main/shared/run-result';
import { psuPlayedNote } from '../../../../main/shared/sequence/psu-note';
import { describeRule } from '../../../../suites/catalogue';
import { recordReview } from '../../../../main/core/runner/results/review';
import {
  check,
  environment,
  fakeClient,
  fakeExchange,
  resultWith,
  runOptions,
  sandboxTarget,
} from '../fakes';
import { runnerRun } from './runner-run';

const SCRIPT = '<script>alert(1)</script>';
const ATTRIBUTE_BREAKER = '"><img src=x onerror=alert(2)>';

/** A run where every text a bank or a check can influence carries markup. */
async function hostileRun(): Promise<RunResult> {
  return runChecks(
    runOptions(
      [
        check(
          'PAY-HOSTILE',
          async (ctx) => {
            ctx.evidence.note(`note ${SCRIPT}`);
            ctx.warn(`warning ${SCRIPT}`);
            const exchange = await ctx.client.send({
              method: 'POST',
              path: '/v1/payments/sepa-credit-transfers',
            });
            ctx.expect.status(exchange, 201, `status ${SCRIPT}`);
          },
          { area: 'payments', title: `title ${SCRIPT}`, rules: ['PAY-E2EID-MAX-35'] },
        ),
        check('SKIPS', async (ctx) => ctx.skip(`reason ${SCRIPT}`)),
        check('CLEAN'),
      ],
      {
        target: { ...sandboxTarget, name: `bank ${SCRIPT}` },
        createEnvironment: () =>
          environment({
            client: fakeClient(() => {
              const exchange = fakeExchange({
                method: 'POST',
                path: `/v1/payments/sepa-credit-transfers?x=${ATTRIBUTE_BREAKER}`,
                status: 400,
                body: `{"tppMessages":[{"text":"${SCRIPT.replace(/\//g, '\\/')}"}]} ${SCRIPT}`,
                headers: { 'x-bank-header': `${SCRIPT}${ATTRIBUTE_BREAKER}` },
              });
              exchange.signingString = `x-request-id: ${SCRIPT}`;
              return exchange;
            }),
          }),
      },
    ),
  );
}

describe('HTML report', () => {
  it('escapes every text a bank or a check provides: no markup of theirs survives', async () => {
    const html = renderHtmlReport(await hostileRun());
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('onerror=alert(2)>');
    // The hostile text is shown, escaped, in the title, target, body, header, signing string,
    // failure, note, warning and skip reason.
    const escaped = '&lt;script&gt;alert(1)&lt;/script&gt;';
    for (const context of [
      'title ',
      'bank ',
      'note ',
      'warning ',
      'reason ',
      'x-request-id: ',
      'x-bank-header: ',
    ]) {
      expect(html).toContain(context + escaped);
    }
    expect(html).toContain(`&quot;&gt;&lt;img src=x onerror=alert(2)&gt;`);
  });

  it('is self-contained and needs no script: inline CSS, a CSP forbidding scripts, no external assets', async () => {
    const html = renderHtmlReport(await hostileRun());
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain(
      `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">`,
    );
    expect(html).toContain('<style>');
    expect(html).not.toMatch(/<(script|link|iframe|object|embed)\b/i);
    // No external assets: the only links are to the report's own sections (the jump list).
    expect(html).not.toMatch(/<[a-z][^<>]*\s(src|href)="(?!#check-)/i);
    expect(html).toContain('<a href="#check-PAY-HOSTILE">');
  });

  it('shows summary counts, each check with status and rules, and for a failure the assertion and the exchange', async () => {
    const result = await hostileRun();
    const html = renderHtmlReport(result, { describeRule });
    // The hostile 400 is no §7 error body: the run's every-answer observer FAILs it too.
    expect(html).toContain('<li><strong>4</strong> checks</li>');
    expect(html).toContain('<li class="s-fail"><strong>2</strong> failed</li>');
    expect(html).toMatch(
      /<details class="check s-fail" id="check-EVERY-ANSWER-ERR-BODY-SHAPE" open>.*\(in PAY-HOSTILE\): the 400 answer&#39;s body is not JSON/,
    );
    expect(html).toContain('<li class="s-skipped"><strong>1</strong> skipped</li>');
    // The failed check is open; its rule is described from the catalogue.
    expect(html).toMatch(
      /<details class="check s-fail" id="check-PAY-HOSTILE" open><summary><span class="badge">FAIL<\/span> <code>PAY-HOSTILE<\/code>/,
    );
    expect(html).toContain(
      '<code>PAY-E2EID-MAX-35</code> <span class="time">§2.2; see also §8</span> endToEndIdentification',
    );
    // what / expected / actual of the failed assertion.
    expect(html).toMatch(/<th>What<\/th><td>status &lt;script&gt;/);
    expect(html).toContain(
      '<th>Expected</th><td><pre>201</pre></td></tr><tr><th>Actual</th><td><pre>400</pre>',
    );
    // The exchange the failure was about is expanded, with request, signing string and response.
    expect(html).toMatch(/<details open><summary>POST http:\/\/127\.0\.0\.1:9999\/v1\/payments/);
    expect(html).toContain('<h4>Signing string</h4>');
    expect(html).toContain('<h4>Response</h4><pre>HTTP 400');
    expect(html).toMatch(
      /<details class="check s-pass" id="check-CLEAN"><summary><span class="badge">PASS<\/span> <code>CLEAN<\/code>/,
    );
  });

  it('writes report.html into the output directory and marks baseline failures as expected', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'html-out-'));
    await runChecks(
      runOptions([check('KNOWN', async (ctx) => ctx.expect.true(false, 'bank bug'))], {
        reporters: withBaseline([htmlReporter({ outputDir: dir, fileName: 'run.html' })], {
          expectedFailures: [{ checkId: 'KNOWN', reason: 'ticket <BANK-7>' }],
        }).reporters,
      }),
    );
    const html = readFileSync(join(dir, 'run.html'), 'utf8');
    expect(html).toContain('<span class="badge">FAIL (expected)</span>');
    expect(html).toContain('Expected failure (baseline):</strong> ticket &lt;BANK-7&gt;');
    expect(html).toContain('<strong>1</strong> failures expected by the baseline');
  });

  it('draws the sequence of a check that took a PSU through SCA, and of no other', async () => {
    const note = psuPlayedNote({
      how: 'headless',
      script: 'workbench-bank',
      played: ['login', 'consent'],
      redirectUrl: `http://127.0.0.1:9/cb?code=${encodeURIComponent(SCRIPT)}&status=400`,
    });
    const html = renderHtmlReport(
      await runChecks(
        runOptions([
          check('WITH-SCA', async (ctx) => {
            await ctx.client.send({ method: 'POST', path: '/v1/consents' });
            ctx.evidence.note(note);
          }),
          check('WITHOUT-SCA', async (ctx) => {
            await ctx.client.send({ method: 'GET', path: '/v1/accounts' });
          }),
        ]),
      ),
    );
    const sections = html.split('<details class="check');
    const withSca = sections.find((part) => part.includes('<code>WITH-SCA</code>'))!;
    const withoutSca = sections.find((part) => part.includes('<code>WITHOUT-SCA</code>'))!;
    expect(withSca).toContain('<summary>Sequence: TPP, bank and PSU browser</summary><svg');
    expect(withSca).toContain('>SCA page: consent</text>');
    expect(withSca).toContain('>SCA failed: redirect (code, status)</text>');
    expect(withoutSca).not.toContain('<svg');
  });

  it('names the attempt of a re-run check and the verdicts of its earlier attempts', async () => {
    const result = await runChecks(runOptions([check('RERUN'), check('ONCE')]));
    result.checks[0] = {
      ...result.checks[0]!,
      attempt: 2,
      earlierAttempts: [
        {
          attempt: 1,
          status: 'FAIL',
          durationMs: 3,
          warnings: [],
          evidence: [],
          failure: { message: `expected 400, got 401 ${SCRIPT}` },
        },
      ],
    };
    const html = renderHtmlReport(result);
    const rerun = html.slice(html.indexOf('id="check-RERUN"'), html.indexOf('id="check-ONCE"'));
    expect(rerun).toContain('<strong>Attempt 2 of this run.</strong>');
    expect(rerun).toContain('<li>attempt 1: FAIL — expected 400, got 401 &lt;script&gt;');
    expect(html.slice(html.indexOf('id="check-ONCE"'))).not.toContain('Attempt');
  });
});

// A run of one area from the Runner, against the embedded sandbox broken on purpose, in the
// environment 'customer-b': the header states it as the run had it, in the Runner's words.
describe('HTML report of a Runner run with a fault profile on', () => {
  const html = renderHtmlReport(runnerRun(), { describeRule });
  const row = (name: string) => new RegExp(`<dt>${name}</dt><dd>([^<]*)</dd>`).exec(html)?.[1];

  it('opens with the deliberately broken bank, before the title, and says so in the title', () => {
    const body = html.slice(html.indexOf('<body>'));
    expect(body.indexOf('class="fault-notice"')).toBeLessThan(body.indexOf('<h1>'));
    expect(body.slice(0, body.indexOf('<h1>'))).toContain('SIGN-INVALID-400');
    expect(html).toContain(
      '<title>Deliberately broken bank. PSD2 Workbench run against embedded bank (sandbox)</title>',
    );
  });

  it('names the target, the environment and the selection as the Runner had them', () => {
    expect(row('Target')).toBe(
      'embedded bank (sandbox): the workbench&#39;s embedded bank at http://127.0.0.1 (one embedded bank per check) (sandbox mode, sandbox API)',
    );
    expect(row('Profile')).toBe('(none: an embedded bank)');
    expect(row('Environment')).toBe('customer-b');
    expect(row('Fault profiles')).toBe('SIGN-INVALID-400');
    expect(row('Selection')).toBe(
      '2 checks: chosen: signing (2): SIGN-GOOD, SIGN-INVALID-SIGNATURE-400',
    );
  });
});

describe('html: checks a person must review', () => {
  it('shows a REVIEW check open with what to look for, and a decision with its note', () => {
    const run = resultWith({ SHOWN: 'REVIEW', DECIDED: 'REVIEW' });
    const withLook = {
      ...run,
      checks: run.checks.map((c) => ({ ...c, reviewFor: 'the accounts ticked' })),
    };
    const decided = recordReview(
      withLook,
      { checkId: 'DECIDED', decision: 'PASS', note: 'all <b>ticked</b>' },
      new Date('2026-11-29T13:00:00.000Z'),
    );
    const html = renderHtmlReport(decided);
    expect(html).toMatch(/<details class="check s-review" id="[^"]*SHOWN[^"]*" open>/);
    expect(html).toContain('<span class="badge">AWAITING REVIEW</span>');
    expect(html).toContain('The pages must show: the accounts ticked.');
    expect(html).toContain('<span class="badge">PASS (reviewed)</span>');
    expect(html).toContain('<strong>Reviewed: PASS</strong>');
    expect(html).toContain('all &lt;b&gt;ticked&lt;/b&gt;');
    expect(html).toContain('<strong>1</strong> awaiting review');
  });
});

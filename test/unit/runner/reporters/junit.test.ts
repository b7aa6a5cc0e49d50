import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { has } from '../../../support/machine';
import { applyBaseline } from '../../../../main/shared/baseline';
import { runChecks } from '../../../../main/core/runner/engine/run';
import { junitReporter, renderJUnit } from '../../../../main/core/runner/reporters/junit';
import { withBaseline } from '../../../../main/core/runner/reporters/with-baseline';
import type { RunResult } from '../../../../main/shared/run-result';
import { recordReview } from '../../../../main/core/runner/results/review';
import { check, environment, fakeClient, fakeExchange, resultWith, runOptions } from '../fakes';
import { childrenNamed, parseXml, type XmlElement } from '../xml';
import { runnerRun } from './runner-run';

const XSD = fileURLToPath(new URL('../fixtures/junit-10.xsd', import.meta.url));
const HOSTILE = 'tag <b>&amp; "quotes" \'apos\' ]]> ctrl\u0001\u001b end \ud800 lone';

async function sampleRun(): Promise<RunResult> {
  const result = await runChecks(
    runOptions(
      [
        check(
          'SIGN-OK',
          async (ctx) => {
            ctx.expect.status(await ctx.client.send({ method: 'GET', path: '/v1/accounts' }), 200);
          },
          { area: 'signing', rules: ['SIGN-INVALID-400'] },
        ),
        check(
          'SIGN-BAD',
          async (ctx) => {
            const exchange = await ctx.client.send({
              method: 'POST',
              path: '/v1/payments/sepa-credit-transfers',
            });
            ctx.expect.status(exchange, 400);
          },
          { area: 'signing', title: `hostile ${HOSTILE}` },
        ),
        check('HDR-WARN', async (ctx) => ctx.warn(`psuMessage missing ${HOSTILE}`), {
          area: 'headers',
        }),
        check('HDR-SKIP', async (ctx) => ctx.skip('needs corporate data'), { area: 'headers' }),
        check('HDR-KNOWN', async (ctx) => ctx.expect.true(false, 'known bank bug'), {
          area: 'headers',
        }),
        check(
          'HDR-BOOM',
          async () => {
            throw new TypeError(`broken ${HOSTILE}`);
          },
          { area: 'headers' },
        ),
      ],
      {
        concurrency: 1,
        createEnvironment: () =>
          environment({
            client: fakeClient((request) =>
              fakeExchange({
                method: request.method,
                path: request.path,
                status: 200,
                body: `{"text":"${HOSTILE.replace(/"/g, '\\"')}"}`,
              }),
            ),
          }),
      },
    ),
  );
  return applyBaseline(result, { expectedFailures: [{ checkId: 'HDR-KNOWN', reason: 'BANK-42' }] })
    .result;
}

function testcase(root: XmlElement, checkId: string): XmlElement {
  for (const suite of childrenNamed(root, 'testsuite')) {
    const found = childrenNamed(suite, 'testcase').find((c) => c.attributes.name === checkId);
    if (found) return found;
  }
  throw new Error(`no testcase for ${checkId}`);
}

describe('JUnit reporter', () => {
  it('writes testsuites / testsuite per area / testcase per check, with counts and times', async () => {
    const result = await sampleRun();
    const root = parseXml(renderJUnit(result));
    expect(root.name).toBe('testsuites');
    // HDR-KNOWN is an expected failure: not counted as one; HDR-BOOM threw, so it could not test.
    expect(root.attributes).toMatchObject({ tests: '6', failures: '1', errors: '1' });
    expect(root.attributes.time).toMatch(/^\d+\.\d{3}$/);
    const suites = childrenNamed(root, 'testsuite');
    expect(
      suites.map((s) => [
        s.attributes.name,
        s.attributes.tests,
        s.attributes.failures,
        s.attributes.skipped,
      ]),
    ).toEqual([
      ['signing', '2', '1', '0'],
      ['headers', '4', '0', '2'],
    ]);
    const ok = testcase(root, 'SIGN-OK');
    // The name is the check id alone, stable when a title is reworded; the title is a property
    // of the suite and the first line of system-out.
    expect(ok.attributes).toMatchObject({ classname: 'signing', name: 'SIGN-OK' });
    const signing = suites.find((s) => s.attributes.name === 'signing')!;
    const titles = childrenNamed(childrenNamed(signing, 'properties')[0]!, 'property').filter((p) =>
      p.attributes.name?.startsWith('title:'),
    );
    expect(titles.map((p) => [p.attributes.name, p.attributes.value])).toEqual([
      ['title:SIGN-OK', 'title of SIGN-OK'],
      [
        'title:SIGN-BAD',
        `hostile tag <b>&amp; "quotes" 'apos' ]]> ctrl\\u0001\\u001B end \\uD800 lone`,
      ],
    ]);
    expect(childrenNamed(ok, 'system-out')[0]?.text).toMatch(/^title: title of SIGN-OK\nrules: /);
    expect(ok.attributes.time).toMatch(/^\d+\.\d{3}$/);
    expect(childrenNamed(ok, 'failure')).toHaveLength(0);
  });

  it('puts the assertion and the evidence (request, signing string, response) in <failure>', async () => {
    const root = parseXml(renderJUnit(await sampleRun()));
    const failed = testcase(root, 'SIGN-BAD');
    const [failure] = childrenNamed(failed, 'failure');
    expect(failure?.attributes.message).toBe(
      'HTTP status of POST /v1/payments/sepa-credit-transfers: expected 400, got 200',
    );
    expect(failure?.attributes.type).toBe('AssertionFailure');
    expect(failure?.text).toContain('expected: 400');
    expect(failure?.text).toContain('POST http://127.0.0.1:9999/v1/payments/sepa-credit-transfers');
    expect(failure?.text).toContain('--- signing string\nx-request-id: 9b2e2cf5');
    expect(failure?.text).toContain('HTTP 200');
    // A check that threw could not test: an <error> naming the error, never a <failure>.
    expect(childrenNamed(testcase(root, 'HDR-BOOM'), 'failure')).toHaveLength(0);
    const [boom] = childrenNamed(testcase(root, 'HDR-BOOM'), 'error');
    expect(boom?.attributes.type).toBe('TypeError');
    expect(boom?.attributes.message).toMatch(/^could not test: the check stopped on an error/);
  });

  it('reports SKIPPED as <skipped>, WARNING as passed with system-out, expected failures as skipped', async () => {
    const root = parseXml(renderJUnit(await sampleRun()));
    const skipped = testcase(root, 'HDR-SKIP');
    expect(childrenNamed(skipped, 'skipped')[0]?.attributes.message).toBe('needs corporate data');
    const warned = testcase(root, 'HDR-WARN');
    expect(childrenNamed(warned, 'failure')).toHaveLength(0);
    expect(childrenNamed(warned, 'skipped')).toHaveLength(0);
    expect(childrenNamed(warned, 'system-out')[0]?.text).toContain('WARNING: psuMessage missing');
    const known = testcase(root, 'HDR-KNOWN');
    expect(childrenNamed(known, 'failure')).toHaveLength(0);
    expect(childrenNamed(known, 'skipped')[0]?.attributes.message).toBe(
      'expected failure (baseline): BANK-42',
    );
    expect(childrenNamed(known, 'system-out')[0]?.text).toContain(
      'known bank bug: expected true, got false',
    );
  });

  it('escapes markup, quotes and control characters so the bank cannot break the file', async () => {
    const xml = renderJUnit(await sampleRun());
    const root = parseXml(xml); // throws on a raw '<', a bare '&' or a forbidden character
    const bad = testcase(root, 'SIGN-BAD');
    expect(bad.attributes.name).toBe('SIGN-BAD');
    // The hostile title survives as text in the suite's property and in system-out.
    expect(childrenNamed(bad, 'system-out')[0]?.text).toContain(
      `title: hostile tag <b>&amp; "quotes" 'apos' ]]> ctrl\\u0001\\u001B end \\uD800 lone`,
    );
    expect(childrenNamed(bad, 'failure')[0]?.text).toContain('ctrl\\u0001\\u001B end');
    expect(xml).not.toMatch(/<b>/);
  });

  it('keeps newlines in attributes as character references', async () => {
    const result = await sampleRun();
    const bad = result.checks.find((c) => c.checkId === 'SIGN-BAD');
    bad!.failure!.message = 'line one\nline two';
    const xml = renderJUnit(result);
    expect(xml).toContain('message="line one&#10;line two"');
    expect(
      childrenNamed(testcase(parseXml(xml), 'SIGN-BAD'), 'failure')[0]?.attributes.message,
    ).toBe('line one\nline two');
  });

  it.skipIf(!has('xmllint'))('is valid against the Jenkins junit-10 XSD', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'junit-'));
    const valid = join(dir, 'junit.xml');
    writeFileSync(valid, renderJUnit(await sampleRun()));
    expect(() =>
      execFileSync('xmllint', ['--noout', '--schema', XSD, valid], { stdio: 'pipe' }),
    ).not.toThrow();
    // The schema is strict enough to catch a plausible mistake: `skipped` on <testsuites>.
    const invalid = join(dir, 'invalid.xml');
    writeFileSync(
      invalid,
      readFileSync(valid, 'utf8').replace('<testsuites ', '<testsuites skipped="1" '),
    );
    expect(() =>
      execFileSync('xmllint', ['--noout', '--schema', XSD, invalid], { stdio: 'pipe' }),
    ).toThrow();
  });

  it('writes junit.xml into the output directory, applying the baseline', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'junit-out-'));
    const { reporters } = withBaseline([junitReporter({ outputDir: join(dir, 'reports') })], {
      expectedFailures: [{ checkId: 'HDR-KNOWN', reason: 'BANK-42' }],
    });
    const result = await runChecks(
      runOptions([check('HDR-KNOWN', async (ctx) => ctx.expect.true(false, 'bug'))], {
        reporters,
      }),
    );
    const root = parseXml(readFileSync(join(dir, 'reports', 'junit.xml'), 'utf8'));
    expect(result.checks[0]?.status).toBe('FAIL');
    expect(root.attributes.failures).toBe('0');
  });
});

describe('JUnit report of a Runner run with a fault profile on', () => {
  const root = parseXml(renderJUnit(runnerRun()));
  const suite = childrenNamed(root, 'testsuite')[0]!;
  const properties = childrenNamed(childrenNamed(suite, 'properties')[0]!, 'property');
  const property = (name: string) => properties.find((p) => p.attributes.name === name);

  it('says first that the bank was deliberately broken, by which profiles', () => {
    const run = properties.filter((p) => !['runId', 'target', 'mode'].includes(p.attributes.name!));
    expect(run[0]?.attributes.name).toBe('deliberatelyBroken');
    expect(run[0]?.attributes.value).toMatch(
      /^Deliberately broken bank\. The embedded bank ran with fault profile SIGN-INVALID-400 on/,
    );
    expect(property('faultProfiles')?.attributes.value).toBe('SIGN-INVALID-400');
  });

  it('names the target, the environment and the selection as the Runner had them', () => {
    expect(root.attributes.name).toBe('PSD2 Workbench run against embedded bank (sandbox)');
    expect(property('targetName')?.attributes.value).toBe('embedded bank (sandbox)');
    expect(property('targetDescription')?.attributes.value).toContain(
      "the workbench's embedded bank at http://127.0.0.1",
    );
    expect(property('environment')?.attributes.value).toBe('customer-b');
    expect(property('selectionSummary')?.attributes.value).toBe(
      '2 checks: chosen: signing (2): SIGN-GOOD, SIGN-INVALID-SIGNATURE-400',
    );
  });
});

describe('junit: checks a person must review', () => {
  it('is <skipped message="awaiting review"> until decided, then the decision with its note', () => {
    const run = resultWith({ SHOWN: 'REVIEW', DECIDED: 'REVIEW' });
    const decided = recordReview(
      run,
      { checkId: 'DECIDED', decision: 'FAIL', note: 'the accounts are not ticked' },
      new Date('2026-11-29T13:00:00.000Z'),
    );
    const xml = renderJUnit(decided);
    const testcase = (id: string) =>
      new RegExp(`<testcase[^>]*name="${id}"[^>]*>([\\s\\S]*?)</testcase>`).exec(xml)![1]!;
    expect(testcase('SHOWN')).toContain('<skipped message="awaiting review"/>');
    expect(testcase('SHOWN')).not.toContain('<failure');
    expect(testcase('DECIDED')).toContain(
      '<failure message="failed on review: the accounts are not ticked" type="Review">',
    );
    expect(testcase('DECIDED')).toContain(
      'reviewed: FAIL (2026-11-29T13:00:00.000Z): the accounts are not ticked',
    );
    expect(xml).toMatch(/<testsuite[^>]*failures="1"[^>]*skipped="1"/);
  });
});

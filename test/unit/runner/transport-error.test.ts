/**
 * A check that the target did not answer, whose precondition was refused, or whose code threw
 * could not judge its rules: INCONCLUSIVE ("could not test"), never FAIL. JUnit reports it as
 * <error> (counted in `errors`, valid against the junit-10 XSD); a run that lost its target could
 * not test it (exit 3), and the console says so in a few lines.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { has } from '../../support/machine';
import { runChecks } from '../../../main/core/runner/engine/run';
import { couldNotTestReason } from '../../../main/core/runner/engine/could-not-test';
import { renderJUnit } from '../../../main/core/runner/reporters/junit';
import { checkLine, consoleReporter } from '../../../main/core/runner/reporters/console';
import type { EvidenceExchange } from '../../../main/shared/exchange';
import { check, environment, fakeClient, fakeExchange, runOptions } from './fakes';
import { childrenNamed, parseXml } from './xml';

const XSD = fileURLToPath(new URL('./fixtures/junit-10.xsd', import.meta.url));
const REFUSED = 'nothing is listening at http://127.0.0.1:9999 (ECONNREFUSED)';

function unanswered(path: string): EvidenceExchange {
  const { response: _none, ...exchange } = fakeExchange({ method: 'POST', path });
  return { ...exchange, transportError: REFUSED };
}

const checks = [
  // The assertion is about the exchange that got no answer.
  check('STATUS', async (ctx) =>
    ctx.expect.status(await ctx.client.send({ method: 'POST', path: '/v1/consents' }), 201),
  ),
  // The code trips over the missing answer: the last exchange got none.
  check('CRASH', async (ctx) => {
    const exchange = await ctx.client.send({ method: 'POST', path: '/v1/consents' });
    void (exchange.response!.json as { consentId: string }).consentId;
  }),
];

async function run(answer: boolean) {
  return runChecks(
    runOptions(
      [
        ...checks,
        check('JUDGED', async (ctx) =>
          ctx.expect.status(await ctx.client.send({ method: 'GET', path: '/v1/accounts' }), 400),
        ),
      ],
      {
        concurrency: 1,
        createEnvironment: () =>
          environment({
            client: fakeClient((request) =>
              answer && request.path === '/v1/accounts'
                ? fakeExchange({ path: request.path, status: 200 })
                : unanswered(request.path),
            ),
          }),
      },
    ),
  );
}

describe('a check the target did not answer', () => {
  it('could not test: INCONCLUSIVE with the transport error, never a FAIL; a check on an answer still FAILs', async () => {
    const result = await run(true);
    const byId = new Map(result.checks.map((c) => [c.checkId, c]));
    expect(byId.get('STATUS')?.status).toBe('INCONCLUSIVE');
    expect(byId.get('STATUS')?.failure).toBeUndefined();
    expect(byId.get('STATUS')?.couldNotTest?.transportError).toBe(
      `POST http://127.0.0.1:9999/v1/consents: ${REFUSED}`,
    );
    expect(byId.get('STATUS')?.couldNotTest?.step).toBe(
      'at exchange 1, after POST /v1/consents got no answer',
    );
    // The check's code tripped over the missing answer: that TypeError is not its verdict.
    expect(byId.get('CRASH')?.status).toBe('INCONCLUSIVE');
    expect(byId.get('CRASH')?.couldNotTest?.transportError).toContain(REFUSED);
    expect(byId.get('JUDGED')?.status).toBe('FAIL');
    expect(byId.get('JUDGED')?.failure?.message).toContain('expected 400, got 200');
    expect(byId.get('JUDGED')?.couldNotTest).toBeUndefined();
    expect(checkLine(byId.get('STATUS')!)).toContain('could not test: the target did not answer');
    expect(result.counts).toMatchObject({ FAIL: 1, INCONCLUSIVE: 2 });
  });

  it('is an <error type="TransportError"> in JUnit, counted in errors, not failures', async () => {
    const xml = renderJUnit(await run(true));
    const root = parseXml(xml);
    expect(root.attributes).toMatchObject({ tests: '3', failures: '1', errors: '2' });
    const [suite] = childrenNamed(root, 'testsuite');
    expect(suite?.attributes).toMatchObject({ failures: '1', errors: '2' });
    const cases = childrenNamed(suite!, 'testcase');
    const status = cases.find((c) => c.attributes.name === 'STATUS')!;
    expect(childrenNamed(status, 'failure')).toHaveLength(0);
    const [error] = childrenNamed(status, 'error');
    expect(error?.attributes.type).toBe('TransportError');
    expect(error?.attributes.message).toContain(REFUSED);
    expect(error?.text).toContain('could not test: the target did not answer');
    const judged = cases.find((c) => c.attributes.name === 'JUDGED')!;
    expect(childrenNamed(judged, 'failure')).toHaveLength(1);
    expect(childrenNamed(judged, 'error')).toHaveLength(0);

    if (!has('xmllint')) return; // locally, without libxml2-utils: the structure above is checked
    const file = join(mkdtempSync(join(tmpdir(), 'junit-error-')), 'junit.xml');
    writeFileSync(file, xml);
    expect(() =>
      execFileSync('xmllint', ['--noout', '--schema', XSD, file], { stdio: 'pipe' }),
    ).not.toThrow();
  });

  it('makes a run that lost its target one that could not test, even after a failure', async () => {
    expect(couldNotTestReason(await run(false))).toBe(
      `no request got an answer (POST http://127.0.0.1:9999/v1/consents: ${REFUSED})`,
    );
    expect(couldNotTestReason(await run(true))).toMatch(/^the target stopped answering \(POST/);
  });
});

describe('a run with checks that could not test their preconditions', () => {
  const refusedControl = check('CONTROL', async (ctx) => {
    const control = await ctx.client.send({ method: 'GET', path: '/v1/accounts' });
    ctx.inconclusive('the control request was refused', control);
  });
  const passes = check('PASSES', async (ctx) =>
    ctx.expect.status(await ctx.client.send({ method: 'GET', path: '/v1/accounts' }), 200),
  );
  const fails = check('FAILS', async (ctx) =>
    ctx.expect.status(await ctx.client.send({ method: 'GET', path: '/v1/accounts' }), 400),
  );
  const answered = (list: typeof checks) =>
    runChecks(
      runOptions(list, {
        concurrency: 1,
        createEnvironment: () =>
          environment({ client: fakeClient((r) => fakeExchange({ path: r.path, status: 200 })) }),
      }),
    );

  it('is INCONCLUSIVE with the reason and the refusing exchange, and exits 3 unless a check failed', async () => {
    const result = await answered([refusedControl, passes]);
    const control = result.checks[0]!;
    expect(control.status).toBe('INCONCLUSIVE');
    expect(control.couldNotTest).toMatchObject({
      reason: 'the control request was refused',
      step: 'at exchange 1, after GET /v1/accounts answered 200',
    });
    expect(control.couldNotTest?.exchangeId).toBe(
      control.evidence.find((item) => item.kind === 'exchange')?.exchange.id,
    );
    expect(couldNotTestReason(result)).toBe('1 check(s) could not judge their rules');
    expect(couldNotTestReason(await answered([refusedControl, fails]))).toBeUndefined();
    expect(couldNotTestReason(await answered([refusedControl]))).toBe(
      'no check could judge its rules',
    );
    expect(couldNotTestReason(await answered([passes, fails]))).toBeUndefined();
  });
});

describe('a control that got no answer', () => {
  it('could not test because the target did not answer, as the console groups it', async () => {
    const result = await runChecks(
      runOptions(
        [
          check('CONTROL', async (ctx) => {
            const control = await ctx.client.send({ method: 'POST', path: '/v1/consents' });
            ctx.inconclusive('control refused: the same request got no answer', control);
          }),
        ],
        { createEnvironment: () => environment({ client: fakeClient((r) => unanswered(r.path)) }) },
      ),
    );
    expect(result.checks[0]!.couldNotTest?.transportError).toBe(
      `POST http://127.0.0.1:9999/v1/consents: ${REFUSED}`,
    );
    expect(couldNotTestReason(result)).toMatch(/^no request got an answer/);
  });
});

describe('the console for a target that stopped answering', () => {
  it('prints one line per area for its unanswered checks, and ends with one line that says so', async () => {
    const lines: string[] = [];
    const reporter = consoleReporter({ write: (line) => lines.push(line) });
    const many = Array.from({ length: 40 }, (_, i) =>
      check(`LOST-${i}`, async (ctx) => {
        await ctx.client.send({ method: 'GET', path: '/v1/accounts' });
        throw new TypeError('cannot read properties of undefined');
      }),
    );
    await runChecks(
      runOptions([passesFirst, ...many], {
        concurrency: 1,
        reporters: [reporter],
        createEnvironment: () =>
          environment({
            client: fakeClient((r) =>
              r.path === '/v1/ok'
                ? fakeExchange({ path: r.path, status: 200 })
                : unanswered(r.path),
            ),
          }),
      }),
    );
    expect(lines.length).toBeLessThanOrEqual(6);
    expect(lines.filter((line) => line.startsWith('INCONCLUSIVE'))).toEqual([
      `INCONCLUSIVE 40 checks of general, from LOST-0 — could not test: the target did not answer POST http://127.0.0.1:9999/v1/accounts: ${REFUSED}`,
    ]);
    expect(lines.at(-1)).toBe(
      `Could not test 40 of 41 checks: the target stopped answering (POST http://127.0.0.1:9999/v1/accounts: ${REFUSED}).`,
    );
    expect(lines.join('\n')).not.toContain('TypeError');
  });
});

const passesFirst = check('FIRST', async (ctx) =>
  ctx.expect.status(await ctx.client.send({ method: 'GET', path: '/v1/ok' }), 200),
);

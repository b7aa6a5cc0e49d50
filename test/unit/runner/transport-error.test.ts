/**
 * A check that failed because the target did not answer could not judge its rules: the engine
 * records the transport error, JUnit reports it as <error> (counted in `errors`, valid against the
 * junit-10 XSD), and a run in which nothing answered could not test the target.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runChecks } from '../../../main/core/runner/engine/run';
import { couldNotTestReason } from '../../../main/core/runner/could-not-test';
import { renderJUnit } from '../../../main/core/runner/reporters/junit';
import { checkLine } from '../../../main/core/runner/reporters/console';
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
  it('records the transport error on the failure; a failure on an answer has none', async () => {
    const result = await run(true);
    const byId = new Map(result.checks.map((c) => [c.checkId, c]));
    expect(byId.get('STATUS')?.status).toBe('FAIL');
    expect(byId.get('STATUS')?.failure?.transportError).toBe(
      `POST http://127.0.0.1:9999/v1/consents: ${REFUSED}`,
    );
    expect(byId.get('CRASH')?.failure?.transportError).toContain(REFUSED);
    expect(byId.get('JUDGED')?.failure?.message).toContain('expected 400, got 200');
    expect(byId.get('JUDGED')?.failure?.transportError).toBeUndefined();
    expect(checkLine(byId.get('STATUS')!)).toContain(`no answer: POST`);
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
    expect(error?.text).toContain('expected: 201');
    const judged = cases.find((c) => c.attributes.name === 'JUDGED')!;
    expect(childrenNamed(judged, 'failure')).toHaveLength(1);
    expect(childrenNamed(judged, 'error')).toHaveLength(0);

    if (spawnSync('which', ['xmllint']).status !== 0) return;
    const file = join(mkdtempSync(join(tmpdir(), 'junit-error-')), 'junit.xml');
    writeFileSync(file, xml);
    expect(() =>
      execFileSync('xmllint', ['--noout', '--schema', XSD, file], { stdio: 'pipe' }),
    ).not.toThrow();
  });

  it('makes a run that got no answer at all one that could not test', async () => {
    expect(couldNotTestReason(await run(false))).toContain(REFUSED);
    expect(couldNotTestReason(await run(true))).toBeUndefined();
  });
});

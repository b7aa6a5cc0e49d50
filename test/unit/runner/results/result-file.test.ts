import { describe, expect, it } from 'vitest';
import { runChecks } from '../../../../main/core/runner/engine/run';
import {
  parseRunResult,
  RunResultImportError,
  serializeRunResult,
} from '../../../../main/core/runner/results/result-file';
import { check, environment, fakeClient, fakeExchange, runOptions } from '../fakes';

async function realisticResult() {
  return runChecks(
    runOptions(
      [
        check('PASSES', async (ctx) => {
          const exchange = await ctx.client.send({ method: 'GET', path: '/v1/accounts' });
          ctx.expect.status(exchange, 200);
          ctx.evidence.note('fine');
        }),
        check('FAILS', async (ctx) => {
          ctx.expect.equal<unknown>(undefined, { a: 1n }, 'odd values survive');
        }),
        check('ERRORS', async () => {
          throw new RangeError('boom');
        }),
        check('SKIPS', async (ctx) => ctx.skip('not here')),
      ],
      {
        createEnvironment: () =>
          environment({ client: fakeClient(() => fakeExchange({ json: { accounts: [] } })) }),
      },
    ),
  );
}

describe('run result files', () => {
  it('round-trips a run result through JSON unchanged', async () => {
    const result = await realisticResult();
    const text = serializeRunResult(result);
    // As recorded: JSON-normalised (odd values as the engine records them), expanded back.
    expect(parseRunResult(text)).toEqual(JSON.parse(JSON.stringify(result)));
    expect(parseRunResult(text).checks.map((c) => c.status)).toEqual([
      'PASS',
      'FAIL',
      'INCONCLUSIVE',
      'SKIPPED',
    ]);
    expect(parseRunResult(text).checks[1]?.failure?.expected).toEqual({ a: '1n' });
  });

  it('refuses text that is not JSON', () => {
    expect(() => parseRunResult('{"format":', 'last-run.json')).toThrow(
      /last-run\.json is not JSON/,
    );
  });

  it('refuses a JSON file of another kind, naming the format field', () => {
    expect(() => parseRunResult('{"expectedFailures": []}', 'baseline.json')).toThrow(
      /baseline\.json is not a PSD2 Workbench run result: "format" is missing/,
    );
    expect(() => parseRunResult('[1]')).toThrow(RunResultImportError);
  });

  it('refuses another format version', async () => {
    const data = JSON.parse(serializeRunResult(await realisticResult()));
    data.formatVersion = 5;
    expect(() => parseRunResult(JSON.stringify(data))).toThrow(
      /format version 5; this workbench reads versions 1, 2, 3, 4/,
    );
  });

  it('reads a version 3 file, which knew no REVIEW, with a count of 0 of it', async () => {
    const data = JSON.parse(serializeRunResult(await realisticResult()));
    data.formatVersion = 3;
    delete data.counts.REVIEW;
    const read = parseRunResult(JSON.stringify(data), 'v3.json');
    expect(read.formatVersion).toBe(4);
    expect(read.counts.REVIEW).toBe(0);
  });

  it('names the path of each problem in a damaged file', async () => {
    const data = JSON.parse(serializeRunResult(await realisticResult()));
    data.checks[1].status = 'BROKEN';
    delete data.checks[0].evidence[0].exchange.request.url;
    delete data.counts;
    let message = '';
    try {
      parseRunResult(JSON.stringify(data), 'edited.json');
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^edited\.json is not a valid run result:/);
    expect(message).toMatch(/\/counts/);
    expect(message).toContain(
      '/checks/1/status: must be one of PASS, FAIL, WARNING, SKIPPED, INCONCLUSIVE, REVIEW, not "BROKEN"',
    );
    expect(message).toContain(
      '/checks/0/evidence/0/exchange/request/url: Expected required property',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { runChecks } from '../../../../main/core/runner/engine/run';
import {
  parseRunResult,
  RunResultImportError,
  serializeRunResult,
} from '../../../../main/core/runner/results/result-file';
import type { RunResult } from '../../../../main/shared/run-result';
import { check, environment, fakeClient, fakeExchange, runOptions } from '../fakes';

/** A QSealC-sized base64 value, as a signed request carries in TPP-Signature-Certificate. */
const CERTIFICATE = `MIIF${'QUJD'.repeat(400)}`;
const OTHER_CERTIFICATE = `MIIG${'REVG'.repeat(400)}`;

async function signedRun(certificates: string[]): Promise<RunResult> {
  let n = 0;
  return runChecks(
    runOptions(
      Array.from({ length: 6 }, (_, i) =>
        check(`C${i}`, async (ctx) => {
          ctx.expect.status(await ctx.client.send({ method: 'GET', path: '/v1/accounts' }), 200);
        }),
      ),
      {
        createEnvironment: () =>
          environment({
            client: fakeClient(() => {
              const exchange = fakeExchange({ json: { accounts: [{ iban: 'NO9386011117947' }] } });
              exchange.request.headers['TPP-Signature-Certificate'] =
                certificates[n++ % certificates.length]!;
              return exchange;
            }),
          }),
      },
    ),
  );
}

describe('the run result file keeps repeated evidence once', () => {
  it('stores each signing certificate once and reads every header back as sent', async () => {
    const result = await signedRun([CERTIFICATE, OTHER_CERTIFICATE]);
    const text = serializeRunResult(result);
    expect(text.split(CERTIFICATE).length - 1).toBe(1);
    expect(text.split(OTHER_CERTIFICATE).length - 1).toBe(1);
    const headers = parseRunResult(text).checks.flatMap((c) =>
      c.evidence.flatMap((e) =>
        e.kind === 'exchange' ? [e.exchange.request.headers['TPP-Signature-Certificate']] : [],
      ),
    );
    expect(headers).toHaveLength(6);
    expect(new Set(headers)).toEqual(new Set([CERTIFICATE, OTHER_CERTIFICATE]));
    expect(parseRunResult(text)).toEqual(JSON.parse(JSON.stringify(result)));
  });

  it('stores a JSON response body once and gives back its parsed form', async () => {
    const result = await signedRun([CERTIFICATE]);
    const text = serializeRunResult(result);
    expect(text.split('NO9386011117947').length - 1).toBe(6);
    const exchange = parseRunResult(text).checks[0]!.evidence.find((e) => e.kind === 'exchange');
    expect(exchange?.kind === 'exchange' && exchange.exchange.response?.json).toEqual({
      accounts: [{ iban: 'NO9386011117947' }],
    });
  });

  it('keeps a parsed form that is not the body parsed (nothing is assumed)', async () => {
    const result = await signedRun([CERTIFICATE]);
    const first = result.checks[0]!.evidence.find((e) => e.kind === 'exchange');
    if (first?.kind !== 'exchange') throw new Error('no exchange');
    first.exchange.response!.json = { masked: true };
    const read = parseRunResult(serializeRunResult(result));
    const again = read.checks[0]!.evidence.find((e) => e.kind === 'exchange');
    expect(again?.kind === 'exchange' && again.exchange.response?.json).toEqual({ masked: true });
  });

  it('writes one line per check, so two runs diff by check', async () => {
    const text = serializeRunResult(await signedRun([CERTIFICATE]));
    const lines = text.trimEnd().split('\n');
    expect(lines.filter((line) => line.startsWith('{"checkId":"C'))).toHaveLength(6);
  });

  it('reads a version 1 file, which holds every value in place', async () => {
    const result = await signedRun([CERTIFICATE]);
    const version1 = JSON.stringify({ ...result, formatVersion: 1 }, null, 2);
    const read = parseRunResult(version1, 'old.json');
    expect(read.formatVersion).toBe(4);
    expect(read.checks).toEqual(JSON.parse(JSON.stringify(result.checks)));
  });

  it('names a reference to a certificate the file does not hold', async () => {
    const data = JSON.parse(serializeRunResult(await signedRun([CERTIFICATE])));
    data.certificates = {};
    expect(() => parseRunResult(JSON.stringify(data), 'cut.json')).toThrow(
      /cut\.json is not a valid run result: \/checks\/0\/evidence\/0\/exchange\/request\/headers\/TPP-Signature-Certificate: refers to certificate [0-9a-f]{16}…, which the file's "certificates" does not hold/,
    );
  });

  it('names a body marked as JSON that is not', async () => {
    const data = JSON.parse(serializeRunResult(await signedRun([CERTIFICATE])));
    data.checks[2].evidence[0].exchange.response.body = 'not json';
    expect(() => parseRunResult(JSON.stringify(data), 'edited.json')).toThrow(
      /edited\.json is not a valid run result: \/checks\/2\/evidence\/0\/exchange\/response: "jsonFromBody" is set but the body is not JSON/,
    );
  });

  it("keeps the certificates of a check's earlier attempts once, and reads them back", async () => {
    const result = await signedRun([CERTIFICATE]);
    const [first, second] = result.checks;
    second!.earlierAttempts = [
      { attempt: 1, status: 'FAIL', durationMs: 3, warnings: [], evidence: first!.evidence },
    ];
    const text = serializeRunResult(result);
    expect(text.split(CERTIFICATE).length - 1).toBe(1);
    expect(parseRunResult(text).checks[1]!.earlierAttempts).toEqual(
      JSON.parse(JSON.stringify(second!.earlierAttempts)),
    );
  });

  it('names what is wrong in a damaged file instead of failing on its shape', async () => {
    const data = JSON.parse(serializeRunResult(await signedRun([CERTIFICATE])));
    delete data.checks[0].evidence;
    data.checks[1] = null;
    data.checks[2].earlierAttempts = [null];
    let message = '';
    try {
      parseRunResult(JSON.stringify(data), 'damaged.json');
    } catch (error) {
      expect(error).toBeInstanceOf(RunResultImportError);
      message = (error as Error).message;
    }
    expect(message).toMatch(/^damaged\.json is not a valid run result:/);
    expect(message).toContain('/checks/0');
  });

  it('reads back a certificate header whose value only looks like a reference', async () => {
    const lookalike = `@certificates/${'ab'.repeat(32)}`;
    const result = await signedRun([lookalike, 'not a certificate']);
    const read = parseRunResult(serializeRunResult(result));
    const sent = read.checks.flatMap((c) =>
      c.evidence.flatMap((e) =>
        e.kind === 'exchange' ? [e.exchange.request.headers['TPP-Signature-Certificate']] : [],
      ),
    );
    expect(new Set(sent)).toEqual(new Set([lookalike, 'not a certificate']));
  });
});

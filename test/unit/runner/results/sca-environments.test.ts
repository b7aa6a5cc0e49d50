import { describe, expect, it } from 'vitest';
import { judgeScaFlowEnvironments } from '../../../../main/core/runner/results/sca-environments';
import { compareRuns } from '../../../../main/core/runner/results/compare';
import type { EvidenceItem, RunResult } from '../../../../main/shared/run-result';
import { psuPlayedNote } from '../../../../main/shared/sequence/psu-note';
import { resultWith } from '../fakes';

const AT = '2024-01-01T00:00:00.000Z';

function exchange(
  method: string,
  url: string,
  status: number,
  json?: Record<string, unknown>,
): EvidenceItem {
  return {
    kind: 'exchange',
    at: AT,
    exchange: {
      id: `${method} ${url}`,
      request: { method, url, headers: {} },
      response: { status, headers: {}, body: json ? JSON.stringify(json) : '' },
      timings: { startedAt: AT, durationMs: 1 },
    },
  };
}

const played = (redirectUrl: string, pages: string[]): EvidenceItem => ({
  kind: 'note',
  at: AT,
  text: psuPlayedNote({ how: 'headless', script: 'workbench-bank', played: pages, redirectUrl }),
});

/** A consent's SCA as one environment gives it; `scaStatus` after the SCA can be changed. */
function consentFlow(
  base: string,
  options: { pages: string[]; after?: string; sandboxSetup?: boolean },
): EvidenceItem[] {
  const consent = 'bd6de756-5eb5-4d80-b4f4-7e8146b2a9da';
  const auth = base.includes('9001') ? 'c1f9effa-7aad' : '5c8054fa-7f17';
  return [
    // The sandbox finds its PSUs through the sandbox API (§4.3), production has none: not compared.
    ...(options.sandboxSetup ? [exchange('GET', `${base}/v1/sandbox/customers`, 200, {})] : []),
    exchange('POST', `${base}/v1/consents`, 201, {
      consentStatus: 'received',
      consentId: consent,
      _links: { scaRedirect: { href: `${base}/sca/${auth}` }, self: { href: 'x' } },
    }),
    played(`http://127.0.0.1:9/cb?psu-id=${auth}&tpp-session-id=1&context=PRIVATE`, options.pages),
    exchange('GET', `${base}/v1/consents/${consent}/authorisations/${auth}`, 200, {
      scaStatus: options.after ?? 'FINALISED',
    }),
  ];
}

function run(
  mode: 'sandbox' | 'production',
  evidence: EvidenceItem[],
  target: Partial<RunResult['target']> = {},
): RunResult {
  const result = resultWith({ 'SCA-STATUS-VALUES-READ': 'PASS', 'GEN-NO-SCA': 'PASS' });
  result.checks[0]!.evidence = evidence;
  result.checks[0]!.area = 'sca-sessions';
  result.checks[1]!.evidence = [exchange('GET', 'http://127.0.0.1:1/v1/accounts', 200, {})];
  result.target = {
    baseUrl: 'http://127.0.0.1 (one embedded bank per check)',
    mode,
    hasSandboxApi: mode === 'sandbox',
    name: 'embedded bank',
    ...target,
  };
  return result;
}

const sandbox = () =>
  run(
    'sandbox',
    consentFlow('http://127.0.0.1:9000', { pages: ['login', 'consent'], sandboxSetup: true }),
  );
const production = (after?: string) =>
  run(
    'production',
    consentFlow('http://127.0.0.1:9001', {
      pages: ['login', 'code', 'consent'],
      ...(after ? { after } : {}),
    }),
  );

describe('SCA-SAME-FLOW-BOTH-ENVIRONMENTS from two runs', () => {
  it('PASSes one flow of the same shape: ids, PSU pages and sandbox set-up differ, the API does not', () => {
    const judged = judgeScaFlowEnvironments(sandbox(), production());
    expect(judged).toMatchObject({ verdict: 'PASS', compared: ['SCA-STATUS-VALUES-READ'] });
    // Either order: the comparison finds which run is which.
    expect(judgeScaFlowEnvironments(production(), sandbox()).verdict).toBe('PASS');
  });

  it('FAILs naming the check, the step and both values when one status differs', () => {
    const judged = judgeScaFlowEnvironments(production('EXEMPTED'), sandbox());
    expect(judged.verdict).toBe('FAIL');
    expect(judged.difference).toEqual({
      checkId: 'SCA-STATUS-VALUES-READ',
      step: 3,
      sandbox:
        'GET /v1/consents/{consentId}/authorisations/{authorisationId} → 200, scaStatus=FINALISED',
      production:
        'GET /v1/consents/{consentId}/authorisations/{authorisationId} → 200, scaStatus=EXEMPTED',
    });
    expect(judged.message).toContain('SCA-STATUS-VALUES-READ step 3');
  });

  it('FAILs on a redirect back with other parameters, and on a §6.2 failure code', () => {
    const other = production();
    other.checks[0]!.evidence[1] = played('http://127.0.0.1:9/cb?psu-id=a&context=PRIVATE', []);
    const judged = judgeScaFlowEnvironments(sandbox(), other);
    expect(judged.difference).toMatchObject({
      step: 2,
      sandbox: 'redirect back to the TPP with context,psu-id,tpp-session-id',
      production: 'redirect back to the TPP with context,psu-id',
    });
    const failed = (code: string) => {
      const result = sandbox();
      result.checks[0]!.evidence[2] = played(`http://x/cb?status=401&code=${code}&message=m`, []);
      return result;
    };
    const refused = production();
    refused.checks[0]!.evidence[1] = played(
      'http://x/cb?status=401&code=PSU_CREDENTIALS_INVALID&message=other',
      [],
    );
    expect(judgeScaFlowEnvironments(failed('PSU_CREDENTIALS_INVALID'), refused).verdict).toBe(
      'PASS',
    );
    expect(judgeScaFlowEnvironments(failed('SCA_FAILED'), refused).difference?.sandbox).toBe(
      'redirect back to the TPP with code,message,status, failure status=401 code=SCA_FAILED',
    );
  });

  it('does not judge two sandbox runs, nor the embedded bank against a bank at a URL', () => {
    const judged = judgeScaFlowEnvironments(sandbox(), sandbox());
    expect(judged.verdict).toBe('INCONCLUSIVE');
    expect(judged.message).toContain('both runs are of sandbox');
    const elsewhere = run('production', [], { baseUrl: 'https://bank.example', name: 'Acme' });
    expect(judgeScaFlowEnvironments(sandbox(), elsewhere)).toMatchObject({
      verdict: 'INCONCLUSIVE',
      message: expect.stringContaining("not one bank's two environments") as string,
    });
  });

  it('is NOT_EXERCISED when no check shared by both took a PSU through SCA', () => {
    const noSca = production();
    noSca.checks[0]!.status = 'SKIPPED';
    expect(judgeScaFlowEnvironments(sandbox(), noSca).verdict).toBe('NOT_EXERCISED');
  });

  it('compares only the SCA checks: others set up their data as the mode allows', () => {
    const other = production('EXEMPTED');
    other.checks[0]!.area = 'corporate';
    const sandboxRun = sandbox();
    sandboxRun.checks[0]!.area = 'corporate';
    expect(judgeScaFlowEnvironments(sandboxRun, other).verdict).toBe('NOT_EXERCISED');
  });

  it('is part of the run comparison', () => {
    expect(compareRuns(sandbox(), production('EXEMPTED')).scaFlow.verdict).toBe('FAIL');
  });
});

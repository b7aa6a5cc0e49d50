import { describe, expect, it } from 'vitest';
import {
  pathTemplate,
  scaFlowOf,
  scaFlowStepText,
  tppShapeOf,
} from '../../../../main/core/runner/results/sca-flow';
import type { EvidenceItem } from '../../../../main/shared/run-result';
import { psuPlayedNote } from '../../../../main/shared/sequence/psu-note';

const AT = '2024-01-01T00:00:00.000Z';

const exchange = (url: string, status?: number, body = ''): EvidenceItem => ({
  kind: 'exchange',
  at: AT,
  exchange: {
    id: url,
    request: { method: 'POST', url, headers: {} },
    ...(status !== undefined
      ? { response: { status, headers: {}, body } }
      : { transportError: 'connection refused' }),
    timings: { startedAt: AT, durationMs: 1 },
  },
});

describe('the TPP-visible shape of an SCA flow', () => {
  it("names a path by the bank's route template, the most literal one first", () => {
    expect(pathTemplate('GET', '/v1/consents/abc-1/authorisations/def-2')).toBe(
      '/v1/consents/{consentId}/authorisations/{authorisationId}',
    );
    expect(pathTemplate('POST', '/v1/consents')).toBe('/v1/consents');
    // Another bank's path: segments holding a digit are ids.
    expect(pathTemplate('GET', '/v1/extra/ab12/things')).toBe('/v1/extra/{id}/things');
  });

  it('keeps status, link names, status fields and tppMessages codes; leaves the sandbox API and PSU pages out', () => {
    const evidence: EvidenceItem[] = [
      exchange('http://b/v1/sandbox/customers', 200, '[]'),
      exchange(
        'http://b/v1/consents',
        400,
        JSON.stringify({ tppMessages: [{ category: 'ERROR', code: 'FORMAT_ERROR', text: 'x' }] }),
      ),
      exchange('http://b/sca/1?t=2', 200, '<html>'),
      exchange('http://b/v1/consents', undefined),
    ];
    expect(scaFlowOf({ evidence })).toBeUndefined(); // no PSU went through SCA
    const steps = tppShapeOf({ evidence });
    expect(steps.map(scaFlowStepText)).toEqual([
      'POST /v1/consents → 400, tppMessages FORMAT_ERROR',
      'POST /v1/consents → no answer',
    ]);
    const played: EvidenceItem = {
      kind: 'note',
      at: AT,
      text: psuPlayedNote({
        how: 'headless',
        script: 's',
        played: ['login'],
        redirectUrl: 'http://t/cb?status=401&code=PSU_CREDENTIALS_INVALID&message=no',
      }),
    };
    expect(scaFlowOf({ evidence: [played] })).toEqual([
      {
        kind: 'redirect',
        parameters: ['code', 'message', 'status'],
        error: { status: '401', code: 'PSU_CREDENTIALS_INVALID' },
      },
    ]);
  });
});

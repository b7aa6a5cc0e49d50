import { describe, expect, it } from 'vitest';
import type { EvidenceItem } from '../../../../main/shared/run-result';
import {
  evidenceInvolvesSca,
  evidenceSequenceSteps,
} from '../../../../main/shared/sequence/evidence-steps';
import { parsePsuPlayedNote, psuPlayedNote } from '../../../../main/shared/sequence/psu-note';
import { sequenceSvg } from '../../../../main/shared/sequence/svg';

const AT = '2026-11-24T10:00:00.000Z';
const BANK = 'http://127.0.0.1:8080';
const CONSENT = '0902bf51-b091-42e5-96b0-b361e11a191e';

function exchange(
  id: string,
  method: string,
  path: string,
  status: number,
  headers: Record<string, string> = {},
): EvidenceItem {
  return {
    kind: 'exchange',
    at: AT,
    exchange: {
      id,
      request: { method, url: `${BANK}${path}`, headers: {} },
      response: { status, headers, body: '' },
      timings: { startedAt: AT, durationMs: 3 },
    },
  };
}

const played = psuPlayedNote({
  how: 'headless',
  script: 'workbench-bank',
  played: ['login', 'context', 'consent'],
  redirectUrl: 'http://127.0.0.1:9/cb?psu-id=abc&tpp-session-id=s1&context=PRIVATE',
});

const consentFlow: EvidenceItem[] = [
  exchange('x1', 'POST', '/v1/consents', 201),
  { kind: 'assertion', at: AT, what: 'the answer carries scaRedirect', passed: true },
  { kind: 'note', at: AT, text: played },
  exchange('x2', 'GET', `/v1/consents/${CONSENT}/status`, 200),
];

describe('the PSU note', () => {
  it('reads back what it was written from', () => {
    expect(parsePsuPlayedNote(played)).toEqual({
      how: 'headless',
      script: 'workbench-bank',
      played: ['login', 'context', 'consent'],
      redirectUrl: 'http://127.0.0.1:9/cb?psu-id=abc&tpp-session-id=s1&context=PRIVATE',
    });
    const none = psuPlayedNote({ how: 'browser', script: 's', played: [], redirectUrl: 'x:/y' });
    expect(parsePsuPlayedNote(none)?.played).toEqual([]);
    expect(parsePsuPlayedNote('fine')).toBeUndefined();
  });
});

describe("a check's evidence as a sequence", () => {
  it('draws requests, answers, the SCA pages the PSU played and the redirect back', () => {
    const steps = evidenceSequenceSteps(consentFlow);
    expect(steps.map((s) => [s.from, s.to, s.kind, s.label])).toEqual([
      ['tpp', 'bank', 'request', 'POST /v1/consents'],
      ['bank', 'tpp', 'response', '201'],
      ['psu', 'bank', 'request', 'SCA page: login'],
      ['psu', 'bank', 'request', 'SCA page: context'],
      ['psu', 'bank', 'request', 'SCA page: consent'],
      ['psu', 'tpp', 'redirect', 'SCA done: redirect (psu-id, tpp-session-id, context)'],
      ['tpp', 'bank', 'request', 'GET /v1/consents/0902bf51…/status'],
      ['bank', 'tpp', 'response', '200'],
    ]);
    expect(steps[0]!.exchangeKey).toBe('x1');
  });

  it('shows a failed SCA (§6.2) and an SCA page the check opened itself as the PSU', () => {
    const failed = psuPlayedNote({
      how: 'headless',
      script: 'workbench-bank',
      played: ['login'],
      redirectUrl: 'http://127.0.0.1:9/cb?system=SCA&status=400&code=PSU_CREDENTIALS_INVALID',
    });
    const steps = evidenceSequenceSteps([
      exchange('x1', 'GET', '/sca/abc?t=1', 200),
      { kind: 'note', at: AT, text: failed },
    ]);
    expect(steps[0]!.from).toBe('psu');
    expect(steps.at(-1)!.label).toBe('SCA failed: redirect (system, status, code)');
  });

  it('tells checks that took a PSU through SCA from those that did not', () => {
    expect(evidenceInvolvesSca(consentFlow)).toBe(true);
    expect(evidenceInvolvesSca([exchange('x', 'GET', '/sca/p', 200)])).toBe(true);
    expect(evidenceInvolvesSca([exchange('x', 'GET', '/v1/accounts', 200)])).toBe(false);
  });
});

describe('the SVG', () => {
  it('has one arrow per step, the exchange keys, and escapes what the bank wrote', () => {
    const svg = sequenceSvg(
      [
        ...evidenceSequenceSteps(consentFlow),
        { key: 'n', from: 'tpp', to: 'bank', label: '<script>&"', kind: 'note' },
      ],
      'Check A & B',
    );
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg.match(/<g data-kind=/g)).toHaveLength(9);
    expect(svg).toContain('data-exchange="x1"');
    expect(svg).toContain('&lt;script&gt;&amp;&quot;');
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('aria-label="Check A &amp; B"');
  });
});

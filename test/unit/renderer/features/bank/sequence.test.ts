/** The sequence diagram's model (renderer/src/features/bank/sequence.ts). */
import { describe, expect, it } from 'vitest';
import type { BankEventView, BankExchangeView } from '../../../../../main/api/contract';
import {
  isNoise,
  ofBank,
  sequenceSteps,
  sequenceView,
  sinceInstant,
} from '../../../../../renderer/src/features/bank/sequence';

let id = 0;
function exchange(
  method: string,
  target: string,
  status: number,
  options: { tpp?: boolean; location?: string; poll?: boolean; at?: string; body?: string } = {},
): BankExchangeView {
  id += 1;
  return {
    id,
    mode: 'sandbox',
    receivedAt: '2026-01-01T10:00:00.000Z',
    arrivedAt: options.at ?? `2026-01-01T10:00:${String(id).padStart(2, '0')}.000Z`,
    durationMs: 1,
    ...(options.poll ? { workbenchPoll: true } : {}),
    request: {
      method,
      target,
      headers: options.tpp ? { 'X-Request-ID': `r${id}` } : {},
      bodySize: options.body?.length ?? 0,
      ...(options.body !== undefined ? { body: options.body } : {}),
    },
    response: {
      status,
      headers: options.location ? { location: options.location } : {},
      body: undefined,
    },
  };
}

function bankEvent(
  at: string,
  text: string,
  actor: BankEventView['actor'] = 'bank',
  kind: BankEventView['kind'] = 'clock',
): BankEventView {
  id += 1;
  return { key: `clock:${id}`, kind, actor, text, bankTime: at, arrivedAt: at };
}

describe('sequence steps', () => {
  it('draws TPP requests, PSU browser pages, the redirect back to the TPP and notes in order', () => {
    const log = [
      exchange('POST', '/v1/consents', 201, { tpp: true }),
      exchange('GET', '/v1/consents/x/status', 200, { tpp: true, poll: true }),
      exchange('GET', '/sca/8265cfbd-f6b0-4ed3-a964-22db578e07e0', 200),
      exchange('GET', '/favicon.ico', 404),
      exchange('POST', '/sca/8265cfbd-f6b0-4ed3-a964-22db578e07e0', 303, {
        location: 'http://127.0.0.1:5000/cb?psu-id=p&tpp-session-id=s&context=PRIVATE',
      }),
    ];
    const steps = sequenceSteps(log, [
      bankEvent('2026-01-01T10:00:04.500Z', 'Bank clock advanced +1 h'),
      bankEvent('2025-01-01T00:00:00.000Z', 'before the window'),
    ]);
    expect(steps.map((s) => `${s.from}>${s.to} ${s.label}`)).toEqual([
      'tpp>bank POST /v1/consents',
      'bank>tpp 201',
      'psu>bank SCA page (shown)',
      'bank>psu 200',
      'psu>bank GET /favicon.ico',
      'bank>psu 404',
      'bank>bank Bank clock advanced +1 h',
      'psu>bank POST /sca/8265cfbd…',
      'bank>psu 303',
      'psu>tpp SCA done: redirect (psu-id, tpp-session-id, context)',
    ]);
  });

  it("names SCA pages by their step as the Runner's evidence does, with the PSU's choice", () => {
    const page = '/sca/8265cfbd-f6b0-4ed3-a964-22db578e07e0';
    const account = 'account:0b8e5a4c-1f0e-4a39-9d7c-6a1f3b2e9c10';
    const log = [
      exchange('GET', page, 200),
      exchange('POST', page, 303, {
        body: 'csrf=t&step=login&nationalIdentityNumber=1&action=login',
        location: page,
      }),
      exchange('GET', page, 200),
      exchange('POST', page, 303, {
        body: 'csrf=t&step=context&context=PRIVATE&action=choose',
        location: page,
      }),
      exchange('GET', page, 200),
      exchange('POST', page, 303, {
        body: `csrf=t&step=consent&account=${encodeURIComponent(account)}&action=confirm`,
        location: 'http://127.0.0.1:5000/cb?psu-id=p',
      }),
      exchange('GET', '/sca/b', 200),
      exchange('POST', '/sca/b', 303, {
        body: 'csrf=t&step=consent&action=cancel',
        location: 'http://127.0.0.1:5000/cb?code=x',
      }),
    ];
    const steps = sequenceSteps(log, []);
    expect(steps.map((s) => `${s.from}>${s.to} ${s.label}`)).toEqual([
      'psu>bank SCA page: login (shown)',
      'bank>psu 200',
      'psu>bank SCA page: login',
      'bank>psu 303',
      'psu>bank SCA page: context (shown)',
      'bank>psu 200',
      'psu>bank SCA page: context',
      'psu>psu PSU chose context: PRIVATE',
      'bank>psu 303',
      'psu>bank SCA page: consent (shown)',
      'bank>psu 200',
      'psu>bank SCA page: consent',
      'psu>psu PSU confirmed the consent: 1 account ticked',
      'bank>psu 303',
      'psu>tpp SCA done: redirect (psu-id)',
      'psu>bank SCA page: consent (shown)',
      'bank>psu 200',
      'psu>bank SCA page: consent',
      'psu>psu PSU declined on the consent page (Cancel)',
      'bank>psu 303',
      'psu>tpp SCA failed: redirect (code)',
    ]);
    // The whole choice, and never the login's credentials, is in the note's title.
    expect(steps.find((s) => s.label.startsWith('PSU confirmed'))?.title).toContain(account);
    expect(steps.map((s) => `${s.label} ${s.title ?? ''}`).join(' ')).not.toContain(
      'nationalIdentityNumber',
    );
  });

  it('names a failed SCA redirect (§6.2) and keeps only the last exchanges', () => {
    const failed = exchange('POST', '/sca/a', 303, {
      location: 'https://tpp.example/cb?status=401&code=PSU_CREDENTIALS_INVALID&message=x',
    });
    expect(sequenceSteps([failed], []).at(-1)?.label).toBe(
      'SCA failed: redirect (status, code, message)',
    );
    const many = Array.from({ length: 5 }, () =>
      exchange('GET', '/v1/accounts', 200, { tpp: true }),
    );
    expect(sequenceSteps(many, [], 2)).toHaveLength(4);
    expect(sequenceSteps([], [])).toEqual([]);
  });

  it("draws a PSU's revocation at the bank as the PSU telling the bank, not the TPP (§1)", () => {
    const consent = exchange('POST', '/v1/consents', 201, { tpp: true });
    const revoke = bankEvent(
      consent.arrivedAt.replace('.000Z', '.500Z'),
      'PSU revoked consent 8265cfbd-f6b0-4ed3-a964-22db578e07e0 at the bank, 2 accounts (§1: the TPP is not told)',
      'psu',
      'revoke-consent',
    );
    const steps = sequenceSteps([consent], [revoke]);
    const note = steps.at(-1)!;
    expect(note).toMatchObject({ from: 'psu', to: 'bank', kind: 'note' });
    // The id is shortened in the label, the whole text kept for the tooltip.
    expect(note.label).toContain('consent 8265cfbd… at the bank');
    expect(note.title).toBe(revoke.text);
  });
});

describe('sequence view for a presentation', () => {
  it('hides asset fetches and status polling, and counts them', () => {
    const log = [
      exchange('POST', '/v1/consents', 201, { tpp: true }),
      exchange('GET', '/sca/x', 200),
      exchange('GET', '/sca/assets/page.css', 200),
      exchange('GET', '/favicon.ico', 404),
      exchange('GET', '/v1/consents/x/status', 200, { tpp: true }),
      exchange('GET', '/v1/consents/x', 200, { tpp: true }),
    ];
    const all = sequenceView(log, []);
    expect(all.steps).toHaveLength(12);
    expect(all.hidden).toBe(0);
    const shown = sequenceView(log, [], { hideNoise: true });
    expect(shown.hidden).toBe(3);
    expect(shown.steps.filter((s) => s.kind === 'request').map((s) => s.label)).toEqual([
      'POST /v1/consents',
      'SCA page (shown)',
      'GET /v1/consents/x',
    ]);
    expect(isNoise(log[2]!)).toBe(true);
    expect(isNoise(log[5]!)).toBe(false);
  });

  it("starts at the bank's last reset or at this TPP session's first request", () => {
    const before = exchange('GET', '/v1/accounts', 200, { tpp: true });
    const reset = bankEvent(
      before.arrivedAt.replace('.000Z', '.500Z'),
      'Bank reset to its initial state',
      'bank',
      'reset',
    );
    const first = exchange('POST', '/v1/consents', 201, { tpp: true });
    first.request.headers['TPP-Session-ID'] = 'session-2';
    const later = exchange('GET', '/v1/accounts', 200, { tpp: true });
    const log = [before, first, later];
    expect(sinceInstant('recent', log, [reset])).toBeUndefined();
    expect(sinceInstant('reset', log, [])).toBeUndefined();
    const sinceReset = sinceInstant('reset', log, [reset]);
    expect(sinceReset).toBe(reset.arrivedAt);
    const steps = sequenceView(log, [reset], { since: sinceReset! }).steps;
    expect(steps[0]).toMatchObject({ kind: 'note', label: 'Bank reset to its initial state' });
    expect(steps).toHaveLength(5);
    expect(sinceInstant('flow', log, [reset], 'session-2')).toBe(first.arrivedAt);
    expect(sinceInstant('flow', log, [reset], 'unknown')).toBeUndefined();
    expect(sinceInstant('flow', log, [reset])).toBeUndefined();
  });

  it("since one bank's last reset: only that bank's flows, the other's reset and exchanges left out", () => {
    const sandboxReset = {
      ...bankEvent('2026-01-01T10:00:00.500Z', 'Sandbox reset', 'bank', 'reset'),
      mode: 'sandbox' as const,
    };
    const sandboxCall = exchange('GET', '/v1/accounts', 200, { tpp: true });
    const productionCall = {
      ...exchange('GET', '/v1/accounts', 401, { tpp: true }),
      mode: 'production' as const,
    };
    const productionReset = {
      ...bankEvent(
        productionCall.arrivedAt.replace('.000Z', '.500Z'),
        'Production reset',
        'bank',
        'reset',
      ),
      mode: 'production' as const,
    };
    const clock = bankEvent(productionReset.arrivedAt.replace('.500Z', '.700Z'), 'Clock moved');
    const log = [sandboxCall, productionCall];
    const events = [sandboxReset, productionReset, clock];

    const sandbox = ofBank(log, events, 'sandbox');
    expect(sandbox.log).toEqual([sandboxCall]);
    expect(sandbox.events).toEqual([sandboxReset, clock]);
    const since = sinceInstant('reset', sandbox.log, sandbox.events)!;
    expect(since).toBe(sandboxReset.arrivedAt);
    expect(
      sequenceView(sandbox.log, sandbox.events, { since }).steps.map((step) => step.label),
    ).toEqual(['Sandbox reset', 'GET /v1/accounts', '200', 'Clock moved']);

    // Both banks: the last reset of either, and every flow after it.
    const both = ofBank(log, events, 'both');
    expect(sinceInstant('reset', both.log, both.events)).toBe(productionReset.arrivedAt);
  });
});

/**
 * SCA-EXEMPTED-PAYMENT's part on the bank's state (plans/modules/sca-exempted-payment.ts): setup
 * makes the risk policy exempt, the first exempted 201 and the window's end put the tester's
 * policy back, and a policy the tester changed meanwhile is left as they set it.
 */
import { describe, expect, it } from 'vitest';
import { buildInitialState } from '../../../../../main/core/bank/domain/initial-data.js';
import type { DomainState } from '../../../../../main/core/bank/domain/model.js';
import { BANK_ROUTES } from '../../../../../main/core/bank/handlers/routes.js';
import type { Observation } from '../../../../../main/core/bank/log/tpp-findings/recorder.js';
import { SCA_EXEMPTED_PAYMENT as MODULE } from '../../../../../main/core/bank/plans/modules/sca-exempted-payment.js';

const NOW = new Date('2026-01-01T10:00:00.000Z');
const INITIATE = BANK_ROUTES.find(
  (route) => route.method === 'POST' && route.path === '/v1/payments/{payment-product}',
)!;

function started() {
  const state = buildInitialState(NOW);
  state.behaviour.riskPolicy = { mode: 'exempt-below', thresholdMinor: 5_000 };
  const memory: Record<string, unknown> = {};
  const names = MODULE.setup!({ state, now: NOW, memory });
  return { state, memory, names };
}

/** A 201 to a payment initiation, with or without scaRedirect. */
function initiated(redirect: boolean): Observation {
  return {
    route: INITIATE,
    record: {
      id: 1,
      mode: 'sandbox',
      receivedAt: NOW.toISOString(),
      arrivedAt: NOW.toISOString(),
      durationMs: 1,
      stageTimings: {},
      request: {
        method: 'POST',
        target: '/v1/payments/sepa-credit-transfers',
        headers: {},
        bodySize: 2,
      },
      response: { status: 201, headers: {}, body: undefined },
    },
    responseBody: {
      paymentId: 'p1',
      _links: redirect ? { scaRedirect: { href: 'https://bank/sca' } } : {},
    },
  };
}

/** Shows the module `observation`; the changes it asks for run at once. */
function react(observation: Observation, state: DomainState, memory: Record<string, unknown>) {
  MODULE.react!(observation, {
    setup: {},
    memory,
    change: (operation) => operation(state, NOW),
  });
}

describe('SCA-EXEMPTED-PAYMENT on the bank', () => {
  it('exempts until the first exempted 201, then the tester’s policy is back', () => {
    const { state, memory, names } = started();
    expect(names).toMatchObject({ nin: expect.stringMatching(/^\d{11}$/) });
    expect(state.behaviour.riskPolicy).toEqual({ mode: 'never', thresholdMinor: 5_000 });
    react(initiated(true), state, memory);
    expect(state.behaviour.riskPolicy.mode).toBe('never');
    react(initiated(false), state, memory);
    expect(state.behaviour.riskPolicy).toEqual({ mode: 'exempt-below', thresholdMinor: 5_000 });
  });

  it('puts the policy back when the window closes, unless the tester changed it meanwhile', () => {
    const closed = started();
    MODULE.finish!({ state: closed.state, now: NOW, memory: closed.memory });
    expect(closed.state.behaviour.riskPolicy.mode).toBe('exempt-below');

    const changed = started();
    changed.state.behaviour.riskPolicy = { mode: 'always', thresholdMinor: 0 };
    MODULE.finish!({ state: changed.state, now: NOW, memory: changed.memory });
    expect(changed.state.behaviour.riskPolicy.mode).toBe('always');
  });
});

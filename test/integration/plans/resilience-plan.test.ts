/**
 * The resilience TPP test plan (docs/tpp-plans.md): the bank answers from a script — 429
 * ACCESS_EXCEEDED and 503 SYSTEM_ERROR with Retry-After, a consent answer signed wrongly — and
 * judges the app. The reference app (waiting out Retry-After on the bank clock, verifying the
 * bank's signatures) passes every module; each broken variant FAILs the module of its rule and no
 * other; an app that sends nothing leaves every module NOT_EXERCISED.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  RESILIENCE_PLAN,
  createResponseSigner,
  generateResponseCertificate,
  type GeneratedResponseCertificate,
} from '../../../main/core/bank/index.js';
import type { ReferenceFaults } from '../../support/reference-tpp.js';
import { createPki, type Pki } from '../../unit/bank/fixtures.js';
import { referenceApp, startPlanBank } from './plan-harness.js';

let pki: Pki;
let seal: GeneratedResponseCertificate;
beforeAll(async () => {
  pki = await createPki();
  seal = await generateResponseCertificate();
});

/** Every module of the plan played against one app on a signing bank; the statuses by module. */
async function playAll(faults: ReferenceFaults | 'nothing', signing = true) {
  const bank = await startPlanBank(
    RESILIENCE_PLAN,
    pki,
    signing
      ? { signResponse: createResponseSigner({ certificate: seal.certificatePem, key: seal.key }) }
      : {},
  );
  try {
    const statuses: Record<string, string> = {};
    for (const module of RESILIENCE_PLAN.modules) {
      const app =
        faults === 'nothing'
          ? async () => undefined
          : referenceApp(bank.baseUrl, pki, faults, {
              bankCertificate: seal.certificatePem,
              wait: (seconds) => bank.wait(seconds),
            });
      const view = await bank.play(module.id, app);
      statuses[module.id] = `${view.result!.status}: ${view.result!.text}`;
    }
    return { statuses, report: await bank.report(), log: bank.bank.requestLog.entries() };
  } finally {
    await bank.close();
  }
}

const statusOnly = (statuses: Record<string, string>) =>
  Object.fromEntries(Object.entries(statuses).map(([id, text]) => [id, text.split(':')[0]]));

describe('the resilience plan', () => {
  it('the reference app passes every module', async () => {
    const { statuses, report } = await playAll({});
    expect(statusOnly(statuses), JSON.stringify(statuses, null, 1)).toEqual({
      'ACCESS-FREQUENCY': 'PASS',
      'SYSTEM-ERROR-BACKOFF': 'PASS',
      'BAD-RESPONSE-SIGNATURE': 'PASS',
    });
    expect(report.counts).toMatchObject({ total: 3, PASS: 3, FAIL: 0 });
  });

  it('logs the scripted answers like any other: status, Retry-After, the §7 body', async () => {
    const { log } = await playAll({ retryStorm: true, ignoresBackoff: true });
    const refused = log.filter((exchange) => [429, 503].includes(exchange.response.status));
    expect(refused.map((exchange) => exchange.response.status).sort()).toEqual([429, 503]);
    for (const exchange of refused) {
      expect(exchange.response.headers['retry-after']).toBe('20');
      expect(exchange.rejectedBy).toEqual({ stage: 'handler', rule: 'plan.scripted-answer' });
      expect(exchange.response.body).toMatchObject({
        tppMessages: [
          { category: 'ERROR', code: expect.stringMatching(/^(ACCESS_EXCEEDED|SYSTEM_ERROR)$/) },
        ],
      });
    }
  });

  it.each([
    {
      sends: 'again at once after 429 ACCESS_EXCEEDED',
      faults: { retryStorm: true },
      broken: 'ACCESS-FREQUENCY',
    },
    {
      sends: 'again at once after 503 SYSTEM_ERROR',
      faults: { ignoresBackoff: true },
      broken: 'SYSTEM-ERROR-BACKOFF',
    },
    {
      sends: 'requests on the consentId of a badly signed answer',
      faults: { trustsBadSignature: true },
      broken: 'BAD-RESPONSE-SIGNATURE',
    },
  ] as const)(
    'an app that sends $sends FAILs $broken and no other module',
    async ({ faults, broken }) => {
      const { statuses } = await playAll(faults);
      for (const module of RESILIENCE_PLAN.modules)
        expect(statuses[module.id], module.id).toMatch(
          module.id === broken ? /^FAIL: / : /^PASS: /,
        );
    },
  );

  it('an app that sends nothing gets NOT_EXERCISED in every module, and the report is never green', async () => {
    const { statuses, report } = await playAll('nothing');
    for (const module of RESILIENCE_PLAN.modules)
      expect(statuses[module.id], module.id).toMatch(/^NOT_EXERCISED: /);
    expect(report.counts).toMatchObject({ PASS: 0, FAIL: 0, NOT_EXERCISED: 3 });
  });

  it('a bank that signs no answers has no signature to spoil: NOT_EXERCISED, saying so', async () => {
    const { statuses } = await playAll({}, false);
    expect(statuses['BAD-RESPONSE-SIGNATURE']).toMatch(/^NOT_EXERCISED: .*--sign-responses/);
  });
});

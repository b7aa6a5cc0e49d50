/**
 * The basic TPP test plan against the reference client and its broken variants (docs/tpp-plans.md):
 * the reference app passes every module; each variant FAILs the module of its rule and no other;
 * an app that sends nothing leaves every module NOT_EXERCISED, never PASS.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASIC_PLAN } from '../../../main/core/bank/index.js';
import type { ReferenceFaults } from '../../support/reference-tpp.js';
import { createPki, type Pki } from '../../unit/bank/fixtures.js';
import { referenceApp, startPlanBank } from './plan-harness.js';

let pki: Pki;
beforeAll(async () => {
  pki = await createPki();
});

/** Every module of the basic plan played against one app; the statuses by module id. */
async function playAll(faults: ReferenceFaults | 'nothing') {
  const bank = await startPlanBank(BASIC_PLAN, pki);
  try {
    const statuses: Record<string, string> = {};
    for (const module of BASIC_PLAN.modules) {
      const view = await bank.play(
        module.id,
        faults === 'nothing' ? async () => undefined : referenceApp(bank.baseUrl, pki, faults),
      );
      statuses[module.id] = `${view.result!.status}: ${view.result!.text}`;
    }
    return { statuses, report: await bank.report() };
  } finally {
    await bank.close();
  }
}

const statusOnly = (statuses: Record<string, string>) =>
  Object.fromEntries(Object.entries(statuses).map(([id, text]) => [id, text.split(':')[0]]));

describe('the basic plan', () => {
  it('the reference app passes every module', async () => {
    const { statuses, report } = await playAll({});
    expect(statusOnly(statuses), JSON.stringify(statuses, null, 1)).toEqual({
      'SIGNED-FLOW': 'PASS',
      'X-REQUEST-ID-UNIQUE': 'PASS',
      'PAGING-NEXT-LINKS': 'PASS',
      'PSU-ID-FROM-REDIRECT': 'PASS',
      'CONSENT-REVOKED-AT-BANK': 'PASS',
    });
    expect(report.counts).toMatchObject({ total: 5, PASS: 5, FAIL: 0 });
  });

  it.each([
    {
      sends: 'one X-Request-ID for every call',
      faults: { reuseRequestId: true },
      broken: 'X-REQUEST-ID-UNIQUE',
      others: /^PASS: /,
    },
    {
      sends: 'computed offsets instead of next links',
      faults: { computedOffset: true },
      broken: 'PAGING-NEXT-LINKS',
      others: /^PASS: /,
    },
    {
      sends: 'a request signed over other header values',
      faults: { badSignatureOnce: true },
      broken: 'SIGNED-FLOW',
      others: /^PASS: /,
    },
    {
      // The bank refuses the made-up PSU-ID, so the app's flow stops there.
      sends: 'a PSU-ID of its own making',
      faults: { wrongPsuId: true },
      broken: 'PSU-ID-FROM-REDIRECT',
      others: /^(PASS|NOT_EXERCISED): /,
    },
    {
      // The app gives up once its second read is refused too.
      sends: 'reads on a consent the bank refused',
      faults: { keepsRefusedConsent: true },
      broken: 'CONSENT-REVOKED-AT-BANK',
      others: /^PASS: /,
    },
  ] as const)(
    'an app that sends $sends FAILs $broken and no other module',
    async ({ faults, broken, others }) => {
      const { statuses } = await playAll(faults);
      for (const module of BASIC_PLAN.modules)
        expect(statuses[module.id], module.id).toMatch(module.id === broken ? /^FAIL: / : others);
    },
  );

  it('an app that sends nothing gets NOT_EXERCISED in every module, and the report is never green', async () => {
    const { statuses, report } = await playAll('nothing');
    for (const module of BASIC_PLAN.modules)
      expect(statuses[module.id], module.id).toMatch(/^NOT_EXERCISED: /);
    expect(report.counts).toMatchObject({ PASS: 0, FAIL: 0, NOT_EXERCISED: 5 });
  });
});

describe('the plan admin routes', () => {
  let bank: Awaited<ReturnType<typeof startPlanBank>>;
  beforeAll(async () => {
    bank = await startPlanBank(BASIC_PLAN, pki);
  });
  afterAll(() => bank.close());

  it('names the module that is wrong, and what to do, never a 500', async () => {
    expect(await bank.admin('POST', '/admin/plan/start', { module: 'NOPE' })).toMatchObject({
      status: 404,
      body: { error: { field: 'module', message: expect.stringContaining('SIGNED-FLOW') } },
    });
    expect(await bank.admin('POST', '/admin/plan/start', {})).toMatchObject({
      status: 400,
      body: { error: { field: 'module' } },
    });
    expect(await bank.admin('POST', '/admin/plan/start', '[1]')).toMatchObject({ status: 400 });
    expect(
      await bank.admin('POST', '/admin/plan/start', { module: 'SIGNED-FLOW', x: 1 }),
    ).toMatchObject({
      status: 400,
      body: { error: { field: 'x' } },
    });
    expect(await bank.admin('POST', '/admin/plan/finish')).toMatchObject({
      status: 409,
      body: { error: { message: 'no module is running: start one first' } },
    });
    expect(await bank.admin('POST', '/admin/plan/start', { module: 'SIGNED-FLOW' })).toMatchObject({
      status: 200,
      body: { id: 'SIGNED-FLOW', state: 'running' },
    });
    expect(
      await bank.admin('POST', '/admin/plan/start', { module: 'PAGING-NEXT-LINKS' }),
    ).toMatchObject({
      status: 409,
      body: { error: { message: expect.stringContaining('SIGNED-FLOW is running') } },
    });
    expect(await bank.admin('GET', '/admin/plan/report?format=pdf')).toMatchObject({
      status: 400,
      body: { error: { field: 'format' } },
    });
    expect((await bank.admin('GET', '/admin/plan')).body).toMatchObject({
      plan: 'basic',
      running: 'SIGNED-FLOW',
    });
    expect(await bank.admin('POST', '/admin/plan/finish')).toMatchObject({
      status: 200,
      body: { state: 'judged', result: { status: 'NOT_EXERCISED' } },
    });
  });

  it('the paging module names the account it prepared in its instruction', async () => {
    const started = await bank.admin('POST', '/admin/plan/start', { module: 'PAGING-NEXT-LINKS' });
    expect(started.body.instruction).toMatch(/The account NO\d{13} of Ola Nordmann now has/);
    await bank.admin('POST', '/admin/plan/finish');
  });
});

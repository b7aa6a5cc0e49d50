/**
 * The corporate and sessions TPP plans against the reference client's flows and their broken
 * variants (docs/tpp-plans.md): the reference app passes every module; each variant FAILs the
 * module of its rule and no other; an app that sends nothing gets NOT_EXERCISED, never PASS.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CORPORATE_PLAN,
  PAYMENTS_PLAN,
  SESSIONS_PLAN,
  type Plan,
  type PlanModuleView,
} from '../../../main/core/bank/index.js';
import {
  ReferenceTppError,
  runReferenceCorporate,
  runReferencePayment,
  runReferenceScaLifetime,
  type ReferenceFaults,
} from '../../support/reference-tpp.js';
import { createPki, type Pki } from '../../unit/bank/fixtures.js';
import { OLA } from '../sca/harness.js';
import { startPlanBank } from './plan-harness.js';

let pki: Pki;
beforeAll(async () => {
  pki = await createPki();
});

/** The reference flow that exercises a plan, as the PSU the module's instruction names. */
function flowOf(plan: Plan, faults: ReferenceFaults) {
  return (baseUrl: string, names: Readonly<Record<string, string>>) => {
    const options = {
      baseUrl,
      signing: { key: pki.seal.privateKey, certificate: pki.seal.certificateDer },
      nationalIdentityNumber: names.nin ?? OLA.nationalIdentityNumber,
      faults,
    };
    const run =
      plan === CORPORATE_PLAN
        ? runReferenceCorporate({ ...options, agreementName: names.agreement! })
        : plan === PAYMENTS_PLAN
          ? runReferencePayment({
              ...options,
              debtorIban: names.debtor!,
              creditorIban: names.creditor!,
            })
          : runReferenceScaLifetime(options);
    // A broken app whose flow the bank refused stops there, as a real one would.
    return run.catch((error: unknown) => {
      if (error instanceof ReferenceTppError) return error;
      throw error;
    });
  };
}

/** What the tester reads in the running module's instruction: the PSU and agreement to choose. */
function namesOf(view: PlanModuleView): Record<string, string> {
  const nin = /national identity number (\d{11})/.exec(view.instruction)?.[1];
  const agreement = /corporate agreement “([^”]+)”/.exec(view.instruction)?.[1];
  const payment = /from (NO\d{13}) to (NO\d{13})/.exec(view.instruction);
  return {
    ...(nin ? { nin } : {}),
    ...(agreement ? { agreement } : {}),
    ...(payment ? { debtor: payment[1]!, creditor: payment[2]! } : {}),
  };
}

/** Every module of `plan` played against one app; `status: text` by module id. */
async function playAll(plan: Plan, faults: ReferenceFaults | 'nothing') {
  const bank = await startPlanBank(plan, pki);
  try {
    const statuses: Record<string, string> = {};
    for (const module of plan.modules) {
      const started = await bank.admin('POST', '/admin/plan/start', { module: module.id });
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      if (faults !== 'nothing') await flowOf(plan, faults)(bank.baseUrl, namesOf(started.body));
      const finished = await bank.admin('POST', '/admin/plan/finish', { module: module.id });
      const view = finished.body as PlanModuleView;
      statuses[module.id] = `${view.result!.status}: ${view.result!.text}`;
    }
    return { statuses, report: await bank.report() };
  } finally {
    await bank.close();
  }
}

const statusOnly = (statuses: Record<string, string>) =>
  Object.fromEntries(Object.entries(statuses).map(([id, text]) => [id, text.split(':')[0]]));

const FLOW_PLANS = [CORPORATE_PLAN, SESSIONS_PLAN, PAYMENTS_PLAN];

describe.each(FLOW_PLANS.map((plan) => ({ plan, name: plan.name })))(
  'the $name plan',
  ({ plan }) => {
    it('the reference app passes every module', async () => {
      const { statuses, report } = await playAll(plan, {});
      expect(statusOnly(statuses), JSON.stringify(statuses, null, 1)).toEqual(
        Object.fromEntries(plan.modules.map((module) => [module.id, 'PASS'])),
      );
      expect(report.counts).toMatchObject({ PASS: plan.modules.length, FAIL: 0 });
    });

    it('an app that sends nothing gets NOT_EXERCISED in every module, and the report is never green', async () => {
      const { statuses, report } = await playAll(plan, 'nothing');
      for (const module of plan.modules)
        expect(statuses[module.id], module.id).toMatch(/^NOT_EXERCISED: /);
      expect(report.counts).toMatchObject({ PASS: 0, FAIL: 0 });
    });
  },
);

/** Each fault against every flow plan: FAIL in the module of its rule, nothing else FAILs. */
describe.each([
  {
    sends: 'a PSU-Corporate-ID of its own making',
    faults: { wrongCorporateId: true },
    broken: 'CORPORATE-CONTEXT',
  },
  {
    sends: 'the call refused with SCA_EXPIRED again, without the SCA',
    faults: { repeatsExpiredScaCall: true },
    broken: 'SCA-LIFETIME',
  },
  {
    sends: 'the PSU to the consent’s used scaRedirect again',
    faults: { replaysScaLink: true },
    broken: 'SCA-LINK-NOT-REPLAYED',
  },
  {
    sends: 'a status read after the final status',
    faults: { pollsAfterFinal: true },
    broken: 'PAYMENT-STATUS-POLLING',
  },
  {
    sends: 'the payment the bank exempted from SCA again',
    faults: { reinitiatesWithoutSca: true },
    broken: 'SCA-EXEMPTED-PAYMENT',
  },
] as const)('an app that sends $sends', ({ faults, broken }) => {
  it.each(FLOW_PLANS.map((plan) => ({ plan, name: plan.name })))(
    `FAILs ${broken} and no other module of the $name plan`,
    async ({ plan }) => {
      const { statuses } = await playAll(plan, faults);
      for (const module of plan.modules)
        expect(statuses[module.id], module.id).toMatch(
          module.id === broken ? /^FAIL: / : /^PASS: /,
        );
    },
  );
});

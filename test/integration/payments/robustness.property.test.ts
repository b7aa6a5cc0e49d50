/**
 * Property: whatever initiation body arrives — a valid one with any field replaced by any JSON
 * value, for any service and product — the bank answers 201 or a tppMessages 4xx, never 500; and
 * every payment it accepted is still readable after batch runs. Also with every payment fault
 * profile on (a faulty bank that lets bad fields through must still not fall over). Seeded.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knownFaults } from '../../../main/core/bank/faults/index.js';
import { PAYMENT_PRODUCTS, PAYMENT_SERVICES } from '../../../main/core/spec/enums.js';
import { PaymentInitiationResponseSchema } from '../../../main/core/spec/schemas/payments.js';
import { ErrorResponseSchema } from '../../../main/core/spec/schemas/shared.js';
import { SpecValidator } from '../../../main/core/spec/validation.js';
import { createPki, type Pki } from '../../unit/bank/fixtures.js';
import {
  DAY,
  OLA,
  initiate,
  json,
  paymentTpp,
  sct,
  startHarness,
  type Body,
  type Harness,
} from './harness.js';

const SEED = 20_261_121;
const validator = new SpecValidator();
let pki: Pki;
beforeAll(async () => {
  pki = await createPki();
});

const FIELDS = [
  'endToEndIdentification',
  'instructedAmount',
  'instructedAmount.amount',
  'instructedAmount.currency',
  'creditorName',
  'creditorAccount',
  'creditorAccount.iban',
  'debtorAccount',
  'debtorAccount.iban',
  'debtorAccount.currency',
  'creditorAddress',
  'creditorAddress.country',
  'remittanceInformationUnstructured',
  'remittanceInformationStructuredArray',
  'requestedExecutionDate',
  'startDate',
  'frequency',
  'monthsOfExecution',
  'payments',
];

function mutate(body: Body, path: string, value: unknown): Body {
  const copy = structuredClone(body);
  const keys = path.split('.');
  let target = copy as Record<string, unknown>;
  for (const key of keys.slice(0, -1)) {
    if (typeof target[key] !== 'object' || target[key] === null) target[key] = {};
    target = target[key] as Record<string, unknown>;
  }
  if (value === undefined) delete target[keys.at(-1)!];
  else target[keys.at(-1)!] = value;
  return copy;
}

const mutation = fc.record({
  service: fc.constantFrom(...PAYMENT_SERVICES),
  product: fc.constantFrom(...PAYMENT_PRODUCTS),
  changes: fc.array(
    fc.tuple(
      fc.constantFrom(...FIELDS),
      fc.oneof(
        fc.constant(undefined),
        fc.jsonValue({ maxDepth: 2 }),
        fc.constantFrom(
          '2099-01-01',
          'MonthlyVariable',
          ['1', '1'],
          '1.234',
          'BHD',
          'NO8797100523454',
        ),
      ),
    ),
    { maxLength: 3 },
  ),
});

async function property(h: Harness, runs: number, strict: boolean) {
  h.bank.update((state) => {
    state.behaviour.riskPolicy = { mode: 'never', thresholdMinor: 0 };
  });
  const tpp = paymentTpp(h);
  const accepted: string[] = [];
  await fc.assert(
    fc.asyncProperty(mutation, async ({ service, product, changes }) => {
      let body: Body = sct({ startDate: '2099-01-01', frequency: 'Monthly' });
      if (service === 'bulk-payments') {
        const { debtorAccount, ...element } = body;
        body = { debtorAccount, payments: [element] };
      }
      for (const [path, value] of changes) body = mutate(body, path, value);
      // Named PSU and riskPolicy 'never': accepted payments are approved at once, so the batch runs
      // and periodic executions below really process them.
      const exchange = await initiate(tpp, body, {
        service,
        product,
        query: '?allowLogicalDuplicate=true',
        headers: { 'X-PSU-IDENTITY': OLA.nationalIdentityNumber },
      });
      const status = exchange.response?.status ?? 0;
      expect(status, exchange.response?.body).toBeLessThan(500);
      const answer = json(exchange);
      if (typeof answer?.paymentId === 'string')
        accepted.push(`/v1/${service}/${product}/${answer.paymentId}`);
      if (!strict) return; // the faults deliberately break the answer's shape
      expect(
        validator.check(
          status === 201 ? PaymentInitiationResponseSchema : ErrorResponseSchema,
          answer,
        ),
      ).toEqual({ ok: true });
    }),
    { seed: SEED, numRuns: runs },
  );
  h.clock.advance(40 * DAY);
  const statuses = new Set<string>();
  for (const path of accepted) {
    const exchange = await tpp.send('GET', `${path}/status`);
    expect([200, 403]).toContain(exchange.response?.status); // 403: Norwegian domestic, unapproved
    if (exchange.response?.status === 200) statuses.add(json(exchange).transactionStatus);
  }
  if (strict) expect(statuses).toContain('ACSC'); // the batch really ran over accepted payments
}

describe('payment initiation never answers 500', () => {
  let h: Harness;
  afterAll(() => h?.close());

  it('on a conformant bank', async () => {
    h = await startHarness({ pki });
    await property(h, 150, true);
  });

  it('with every payment and basket fault profile on', async () => {
    await h.close();
    h = await startHarness({ pki });
    const faults = knownFaults()
      .map((fault) => fault.ruleId)
      .filter((id) => /^(PAY|BASKET|HDR-PAYMENT|HDR-BASKET|SANDBOX-BATCH)-/.test(id));
    h.bank.update((state) => {
      state.behaviour.faultProfiles = faults;
    });
    await property(h, 150, false);
  });
});

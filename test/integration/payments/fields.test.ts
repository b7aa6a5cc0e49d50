/**
 * §2.1, §2.2, §4.2.2 over loopback: every field rule of the SCT initiation at its limit and one
 * past it, the minor units of each currency kind, the execution date on the bank clock, the
 * required headers and the single-SCA PSU-Context rule. Every refusal is 400 naming the field;
 * every 201 body validates against the §2.3 schema.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentInitiationResponseSchema } from '../../../main/core/spec/schemas/payments.js';
import { SpecValidator } from '../../../main/core/spec/validation.js';
import { firstCode } from '../sca/harness.js';
import {
  DAY,
  EXTERNAL_IBAN,
  KARI_BRUKSKONTO,
  OLA,
  create,
  initiate,
  json,
  paymentTpp,
  sct,
  startHarness,
  type Body,
  type Harness,
  type Tpp,
} from './harness.js';

let h: Harness;
let tpp: Tpp;
beforeAll(async () => {
  h = await startHarness();
  tpp = paymentTpp(h);
});
afterAll(() => h.close());

const validator = new SpecValidator();

function set(body: Body, path: string, value: unknown): Body {
  const copy = structuredClone(body);
  const keys = path.split('.');
  let target = copy as Record<string, unknown>;
  for (const key of keys.slice(0, -1)) target = (target[key] ??= {}) as Record<string, unknown>;
  if (value === undefined) delete target[keys.at(-1)!];
  else target[keys.at(-1)!] = value;
  return copy;
}

async function accepted(body: Body, options: Parameters<typeof create>[2] = {}) {
  const created = await create(tpp, body, options);
  expect(validator.check(PaymentInitiationResponseSchema, created.body)).toEqual({ ok: true });
  return created;
}

async function refused(
  body: Body,
  field: string,
  code = 'FORMAT_ERROR',
  options: Parameters<typeof initiate>[2] = {},
) {
  const exchange = await initiate(tpp, body, options);
  expect(exchange.response?.status, exchange.response?.body).toBe(400);
  const [message] = json(exchange).tppMessages;
  expect(message.code).toBe(code);
  expect(message.path).toBe(field);
  expect(message.text).toContain(field);
  return message as { text: string };
}

describe('§2.2 field lengths: at the limit accepted, one past refused', () => {
  it.each([
    ['endToEndIdentification', 35],
    ['creditorName', 70],
    ['creditorAddress.street', 70],
    ['remittanceInformationUnstructured', 140],
  ])('%s: %i', async (field, max) => {
    const base = () => sct({ creditorAddress: { country: 'NO', city: 'Oslo' } });
    await accepted(set(base(), field, 'a'.repeat(max)));
    const message = await refused(set(base(), field, 'a'.repeat(max + 1)), field);
    expect(message.text).toContain(`at most ${max}`);
  });

  it.each([
    ['creditorName', 'NUL', 'Kari\u0000Nordmann'],
    ['creditorName', 'U+0085', 'Kari\u0085Nordmann'],
    ['creditorName', 'U+FFFF', 'Kari\uFFFFNordmann'],
    ['creditorName', 'U+202E', 'Evil \u202Eyrot'],
    ['remittanceInformationUnstructured', 'U+2067', 'Rent\u2067x'],
    ['creditorAddress.street', 'ESC', 'Gate\u001B1'],
  ])('%s: %s refused (control, bidirectional and noncharacters)', async (field, _name, text) => {
    const base = () => sct({ creditorAddress: { country: 'NO', city: 'Oslo' } });
    const message = await refused(set(base(), field, text), field);
    expect(message.text).toContain('bidirectional formatting characters');
  });

  it('free text in any script, with combining marks, is accepted', async () => {
    await accepted(
      sct({
        creditorName: 'Åse Ødegård 李 محمد e\u0301',
        remittanceInformationUnstructured: 'Husleie – mars',
      }),
    );
  });

  it('remittanceInformationUnstructured: 1 character accepted, empty refused', async () => {
    await accepted(sct({ remittanceInformationUnstructured: 'x' }));
    await refused(
      sct({ remittanceInformationUnstructured: '' }),
      'remittanceInformationUnstructured',
    );
  });

  it('IBAN: the longest format (33) accepted; 34 is no valid IBAN; 35 breaks the length', async () => {
    await accepted(
      sct({ creditorAccount: { iban: 'RU0304452522540817810538091310419', currency: 'RUB' } }),
    );
    const invalid = await refused(
      sct({ creditorAccount: { iban: 'RU03044525225408178105380913104190', currency: 'RUB' } }),
      'creditorAccount.iban',
    );
    expect(invalid.text).not.toContain('at most 34');
    const long = await refused(
      sct({ creditorAccount: { iban: 'RU030445252254081781053809131041900', currency: 'RUB' } }),
      'creditorAccount.iban',
    );
    expect(long.text).toContain('at most 34');
  });

  it('IBAN: mod-97 check digits and country format', async () => {
    await refused(
      sct({ creditorAccount: { iban: 'DE88370400440532013000', currency: 'EUR' } }),
      'creditorAccount.iban',
    );
    await refused(
      sct({ creditorAccount: { iban: 'NO5297100512348', currency: 'NOK' } }),
      'creditorAccount.iban',
    );
    await refused(
      sct({ debtorAccount: { iban: 'XX5297100512347', currency: 'NOK' } }),
      'debtorAccount.iban',
    );
  });
});

describe('§2.2 required fields and lists', () => {
  it.each([
    'instructedAmount',
    'instructedAmount.amount',
    'instructedAmount.currency',
    'creditorName',
    'creditorAccount',
    'creditorAccount.iban',
    'creditorAccount.currency',
    'debtorAccount',
    'debtorAccount.iban',
    'debtorAccount.currency',
  ])('without %s: 400 naming it', async (field) => {
    const message = await refused(set(sct(), field, undefined), field);
    expect(message.text).toContain('is required');
  });

  it('creditorAddress needs its country, from the §2.1 list (2 characters)', async () => {
    await accepted(sct({ creditorAddress: { country: 'SE' } }));
    await refused(sct({ creditorAddress: { street: 'Storgata 1' } }), 'creditorAddress.country');
    await refused(sct({ creditorAddress: { country: 'XX' } }), 'creditorAddress.country');
    await refused(sct({ creditorAddress: { country: 'NOR' } }), 'creditorAddress.country');
  });

  it('currencies come from the §2.1 list', async () => {
    await refused(
      sct({ instructedAmount: { amount: '1.00', currency: 'XYZ' } }),
      'instructedAmount.currency',
    );
    await refused(
      sct({ creditorAccount: { iban: EXTERNAL_IBAN, currency: 'EURO' } }),
      'creditorAccount.currency',
    );
  });
});

describe('§2.1 amounts: decimal string, precision 18 scale 5, ISO 4217 minor units', () => {
  const amount = (value: unknown, currency: string) =>
    sct({ instructedAmount: { amount: value, currency } });

  it.each([
    ['1500', 'JPY'],
    ['0.125', 'BHD'],
    ['10.50', 'EUR'],
    ['10.00', 'GGP'],
    ['1234567890123.45', 'EUR'],
  ])('%s %s is accepted', async (value, currency) => {
    await accepted(amount(value, currency));
  });

  it.each([
    ['1500.00', 'JPY', 'JPY has 0 minor units'],
    ['1500.0', 'JPY', 'JPY has 0 minor units'],
    ['0.12', 'BHD', 'BHD has 3 minor units'],
    ['10.5', 'EUR', 'EUR has 2 minor units'],
    ['10', 'EUR', 'EUR has 2 minor units'],
    ['10.500', 'EUR', 'EUR has 2 minor units'],
    ['10', 'GGP', 'GGP has 2 minor units'],
    ['12345678901234.00', 'EUR', 'precision 18'],
    ['1.000000', 'BHD', 'scale is at most 5'],
  ])('%s %s is refused: %s', async (value, currency, words) => {
    const message = await refused(amount(value, currency), 'instructedAmount.amount');
    expect(message.text).toContain(words);
  });

  it('an amount is a decimal string above zero', async () => {
    await refused(amount(10.5, 'EUR'), 'instructedAmount.amount');
    await refused(amount('10,50', 'EUR'), 'instructedAmount.amount');
    await refused(amount('0.00', 'EUR'), 'instructedAmount.amount');
    await refused(amount('-5.00', 'EUR'), 'instructedAmount.amount');
  });

  it('a currency without an exchange rate to the debtor account is refused', async () => {
    await refused(amount('10', 'XAF'), 'instructedAmount.currency', 'BAD_REQUEST');
  });
});

describe('requestedExecutionDate on the bank clock', () => {
  it('today and later are accepted; yesterday is EXECUTION_DATE_INVALID; non-ISO is FORMAT_ERROR', async () => {
    const today = h.clock.now().toISOString().slice(0, 10);
    const yesterday = new Date(h.clock.now().getTime() - DAY).toISOString().slice(0, 10);
    await accepted(sct({ requestedExecutionDate: today }));
    await accepted(sct({ requestedExecutionDate: '2099-12-31' }));
    await refused(
      sct({ requestedExecutionDate: yesterday }),
      'requestedExecutionDate',
      'EXECUTION_DATE_INVALID',
    );
    await refused(sct({ requestedExecutionDate: '31.12.2099' }), 'requestedExecutionDate');
    await refused(sct({ requestedExecutionDate: '2099-02-30' }), 'requestedExecutionDate');
  });
});

describe('debtor and creditor accounts', () => {
  it('the debtor account is an open account of this bank in its own currency', async () => {
    await refused(
      sct({ debtorAccount: { iban: EXTERNAL_IBAN, currency: 'EUR' } }),
      'debtorAccount.iban',
      'BAD_REQUEST',
    );
    await refused(
      sct({ debtorAccount: { iban: 'NO5297100512347', currency: 'EUR' } }),
      'debtorAccount.currency',
      'BAD_REQUEST',
    );
    await refused(
      sct({ creditorAccount: { iban: 'NO5297100512347', currency: 'NOK' } }),
      'creditorAccount.iban',
      'BAD_REQUEST',
    );
    await refused(
      sct({ creditorAccount: { iban: KARI_BRUKSKONTO, currency: 'EUR' } }),
      'creditorAccount.currency',
      'BAD_REQUEST',
    );
  });
});

describe('§4.2.2 headers', () => {
  it.each(['x-accept-fix', 'TPP-Session-ID', 'TPP-Redirect-URI', 'PSU-IP-Address', 'Digest'])(
    'without %s: 400 HTTP_HEADER_REQUIRED naming it',
    async (header) => {
      const exchange =
        header === 'Digest'
          ? await tpp.client.send({
              method: 'POST',
              path: '/v1/payments/sepa-credit-transfers',
              headers: { 'x-accept-fix': 'amount-as-string', 'PSU-Context': 'PRIVATE' },
              body: sct(),
              afterSigning: (wire) => {
                for (const name of Object.keys(wire.headers))
                  if (name.toLowerCase() === 'digest') delete wire.headers[name];
              },
            })
          : await initiate(tpp, sct(), { headers: { [header]: null } });
      expect(exchange.response?.status, exchange.response?.body).toBe(400);
      expect(firstCode(exchange)).toBe('HTTP_HEADER_REQUIRED');
      expect(json(exchange).tppMessages[0].text).toContain(header);
    },
  );

  it('x-accept-fix must list amount-as-string', async () => {
    const exchange = await initiate(tpp, sct(), { headers: { 'x-accept-fix': 'longer-names' } });
    expect(exchange.response?.status).toBe(400);
    expect(json(exchange).tppMessages[0]).toMatchObject({
      code: 'FORMAT_ERROR',
      path: 'x-accept-fix',
    });
  });

  it('without PSU-ID: PSU-Context is required (single SCA, release 1.17.0)', async () => {
    const exchange = await initiate(tpp, sct(), { headers: { 'PSU-Context': null } });
    expect(exchange.response?.status).toBe(400);
    expect(json(exchange).tppMessages[0]).toMatchObject({
      code: 'HTTP_HEADER_REQUIRED',
      path: 'PSU-ID',
    });
    expect(json(exchange).tppMessages[0].text).toContain('PSU-Context');
    // X-PSU-IDENTITY names the PSU: no PSU-Context needed.
    await accepted(sct(), {
      headers: { 'PSU-Context': null, 'X-PSU-IDENTITY': OLA.nationalIdentityNumber },
    });
  });
});

/** Request schema stage: query parameters and JSON bodies (§1, §4.2.3). */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  BANK_ROUTES,
  createBank,
  type Bank,
  type BankRequest,
} from '../../../../main/core/bank/index.js';
import type { RouteDefinition } from '../../../../main/core/bank/context/request-context.js';
import { nestsDeeperThan } from '../../../../main/shared/json.js';
import { VirtualClock } from '../../../../main/core/clock.js';
import { PaymentInitiationSctSchema } from '../../../../main/core/spec/schemas/payments.js';
import { aisHeaders, createPki, parse, signedRequest, type Pki } from '../fixtures.js';

/** A test-only endpoint with a body schema, to drive the body rules through the real pipeline. */
const echoPayment: RouteDefinition = {
  operationId: 'echoPayment',
  method: 'POST',
  path: '/v1/test/payments',
  summary: 'test',
  description: 'test',
  tag: 'test',
  modes: ['sandbox'],
  headers: {
    required: ['x-request-id', 'tpp-signature-certificate', 'signature', 'digest'],
    optional: ['content-type'],
  },
  acceptFixValue: 'amount-as-string',
  tppRole: 'PISP',
  signed: true,
  body: { schema: PaymentInitiationSctSchema },
  responses: { 201: { description: 'echo' } },
  handle: (ctx) => ({ status: 201, body: { received: ctx.body, fixes: [...ctx.fixes].sort() } }),
};

const payment = {
  instructedAmount: { amount: '123.45', currency: 'NOK' },
  creditorName: 'Kari Nordmann',
  creditorAccount: { iban: 'NO9386011117947', currency: 'NOK' },
  debtorAccount: { iban: 'NO7215031234562', currency: 'NOK' },
  remittanceInformationUnstructured: 'Invoice 42',
};

let pki: Pki;
let bank: Bank;
beforeAll(async () => {
  pki = await createPki();
  bank = createBank({
    mode: 'sandbox',
    clock: new VirtualClock(),
    routes: [...BANK_ROUTES, echoPayment],
  });
});

const post = (body: string | Buffer, headers: Record<string, string> = {}) =>
  signedRequest(pki, {
    method: 'POST',
    path: '/v1/test/payments',
    headers: {
      'X-Request-ID': crypto.randomUUID(),
      'x-accept-fix': 'amount-as-string',
      'Content-Type': 'application/json',
      ...headers,
    },
    body,
  });
const send = async (request: BankRequest) => parse(await bank.handle(request));

async function refused(request: BankRequest, code: string, text: RegExp, path?: string) {
  const response = await send(request);
  expect(response.status).toBe(400);
  expect(response.body.tppMessages[0].code).toBe(code);
  expect(response.body.tppMessages[0].text).toMatch(text);
  if (path !== undefined) expect(response.body.tppMessages[0].path).toBe(path);
}

describe('JSON body rules', () => {
  it('passes a valid body to the handler as parsed JSON', async () => {
    const response = await send(post(JSON.stringify(payment)));
    expect(response.status).toBe(201);
    expect(response.body.received).toEqual(payment);
  });

  it('requires the fix value the endpoint names', async () => {
    await refused(
      post(JSON.stringify(payment), { 'x-accept-fix': 'longer-names' }),
      'FORMAT_ERROR',
      /must list 'amount-as-string'/,
      'x-accept-fix',
    );
  });

  it('refuses JSON nested deeper than the limit, without recursing into it', async () => {
    const deep = '['.repeat(5000) + ']'.repeat(5000);
    await refused(post(deep), 'FORMAT_ERROR', /nests arrays and objects deeper than 64 levels/);
    // Brackets inside strings do not count; 64 levels are fine (the schema decides about them).
    expect(nestsDeeperThan('{"a":"[[[[[[[[[[[[[[[[[[[[[[["}', 1)).toBe(false);
    expect(nestsDeeperThan('["\\"]', 1)).toBe(false);
    expect(nestsDeeperThan('["\\"]', 0)).toBe(true);
    expect(nestsDeeperThan('['.repeat(64) + ']'.repeat(64), 64)).toBe(false);
    expect(nestsDeeperThan('['.repeat(64) + ']'.repeat(64), 63)).toBe(true);
  });

  it('refuses malformed JSON', async () => {
    await refused(post('{"creditorName": '), 'FORMAT_ERROR', /not valid JSON/);
  });

  it('refuses XML, by Content-Type and by content', async () => {
    await refused(
      post('<Document/>', { 'Content-Type': 'application/xml' }),
      'FORMAT_ERROR',
      /XML is not supported/,
      'Content-Type',
    );
    await refused(post('<Document/>'), 'FORMAT_ERROR', /XML is not supported/);
  });

  it('refuses a Content-Type other than JSON in UTF-8', async () => {
    await refused(
      post(JSON.stringify(payment), { 'Content-Type': 'text/plain' }),
      'FORMAT_ERROR',
      /text\/plain/,
      'Content-Type',
    );
    await refused(
      post(JSON.stringify(payment), { 'Content-Type': 'application/json; charset=iso-8859-1' }),
      'FORMAT_ERROR',
      /charset/,
    );
    expect(
      (
        await send(
          post(JSON.stringify(payment), { 'Content-Type': 'application/json; charset=UTF-8' }),
        )
      ).status,
    ).toBe(201);
  });

  it('refuses a body that is not valid UTF-8', async () => {
    const bytes = Buffer.concat([
      Buffer.from('{"creditorName":"'),
      Buffer.from([0xc3, 0x28]),
      Buffer.from('"}'),
    ]);
    await refused(post(bytes), 'FORMAT_ERROR', /not valid UTF-8/);
  });

  it('refuses characters the downstream system cannot process (emoji), naming the field', async () => {
    const body = JSON.stringify({ ...payment, remittanceInformationUnstructured: 'Thanks 😀' });
    await refused(
      post(body),
      'FORMAT_ERROR',
      /U\+1F600.*cannot process/,
      'remittanceInformationUnstructured',
    );
    const ok = JSON.stringify({ ...payment, creditorName: 'Åse Øvrebø – “quoted”' });
    expect((await send(post(ok))).status).toBe(201);
  });

  it('refuses a lone UTF-16 surrogate as it refuses emoji', async () => {
    // JSON's \ud83d escape alone: half of an emoji, valid JSON, no character at all.
    for (const [text, codePoint] of [
      ['Thanks \\ud83d', 'U\\+D83D'],
      ['\\ude00 low half first', 'U\\+DE00'],
    ]) {
      const body = JSON.stringify({ ...payment, remittanceInformationUnstructured: 'x' }).replace(
        '"x"',
        `"${text}"`,
      );
      await refused(
        post(body),
        'FORMAT_ERROR',
        new RegExp(`${codePoint} \\(a lone UTF-16 surrogate, half a character\\).*cannot process`),
        'remittanceInformationUnstructured',
      );
    }
    // In a key too.
    const key = JSON.stringify(payment).replace('"creditorName"', '"creditor\\udc00Name"');
    await refused(post(key), 'FORMAT_ERROR', /U\+DC00 \(a lone UTF-16 surrogate/);
  });

  it('refuses a schema violation with FORMAT_ERROR naming the field', async () => {
    await refused(
      post(JSON.stringify({ ...payment, creditorName: 'x'.repeat(71) })),
      'FORMAT_ERROR',
      /creditorName: must have at most 70 characters/,
      'creditorName',
    );
    await refused(
      post(JSON.stringify({ ...payment, instructedAmount: { amount: '1.5', currency: 'NOK' } })),
      'FORMAT_ERROR',
      /minor units/,
      'instructedAmount.amount',
    );
    await refused(
      post(
        JSON.stringify({ ...payment, debtorAccount: { iban: 'NO9486011117947', currency: 'NOK' } }),
      ),
      'FORMAT_ERROR',
      /mod-97/,
      'debtorAccount.iban',
    );
  });

  it('needs a body where the endpoint takes one, and refuses one where it takes none', async () => {
    await refused(post(''), 'FORMAT_ERROR', /needs a JSON request body/);
    const noDigest = signedRequest(pki, {
      method: 'POST',
      path: '/v1/test/payments',
      headers: { 'X-Request-ID': crypto.randomUUID(), 'x-accept-fix': 'amount-as-string' },
    });
    await refused(noDigest, 'HTTP_HEADER_REQUIRED', /Digest header is required/, 'Digest');
    const getWithBody = signedRequest(pki, {
      method: 'GET',
      path: '/v1/card-accounts/x/transactions?bookingStatus=booked',
      headers: aisHeaders(),
      body: '{}',
    });
    await refused(getWithBody, 'BAD_REQUEST', /takes no request body/);
  });
});

describe('query rules (§4.2.3)', () => {
  const get = (query: string) =>
    signedRequest(pki, {
      method: 'GET',
      path: `/v1/card-accounts/card-1/transactions${query}`,
      headers: aisHeaders(),
    });

  it('answers QUERY_PARAMETER_REQUIRED for a missing bookingStatus', async () => {
    await refused(
      get(''),
      'QUERY_PARAMETER_REQUIRED',
      /bookingStatus is required/,
      'bookingStatus',
    );
  });

  it.each([
    ['?bookingStatus=all', 'bookingStatus'],
    ['?bookingStatus=booked&limit=0', 'limit'],
    ['?bookingStatus=booked&limit=ten', 'limit'],
    ['?bookingStatus=booked&offset=-1', 'offset'],
    ['?bookingStatus=booked&offset=2147483648', 'offset'],
    ['?bookingStatus=booked&dateFrom=2024-02-30', 'dateFrom'],
    ['?bookingStatus=booked&dateTo=yesterday', 'dateTo'],
  ])('answers FORMAT_ERROR for %s naming %s', async (query, name) => {
    await refused(get(query), 'FORMAT_ERROR', new RegExp(`query parameter ${name}`), name);
  });

  it('refuses a parameter given twice', async () => {
    await refused(
      get('?bookingStatus=booked&bookingStatus=pending'),
      'FORMAT_ERROR',
      /given 2 times/,
      'bookingStatus',
    );
  });

  it('lets a valid query through to the handler', async () => {
    const response = await send(get('?bookingStatus=both&dateFrom=2024-01-01&limit=5&offset=0'));
    expect(response.body.tppMessages[0].code).toBe('CONSENT_INVALID'); // the handler's consent check
  });
});

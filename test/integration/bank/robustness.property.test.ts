/**
 * Property: whatever arrives — random methods, paths, header sets, bodies (invalid
 * UTF-8, XML, JSON with emoji, over 1 MiB), signed or not — the listening bank answers well-formed
 * JSON (a tppMessages error or a success), never 500, and keeps serving. Seeded and bounded.
 */
import fc from 'fast-check';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createBank,
  TppRegistry,
  TrustStore,
  type Bank,
  type BankListener,
} from '../../../main/core/bank/index.js';
import { VirtualClock } from '../../../main/core/clock.js';
import { ErrorResponseSchema } from '../../../main/core/spec/schemas/shared.js';
import { SpecValidator } from '../../../main/core/spec/validation.js';
import { signRequest } from '../../../main/core/tpp/signer.js';
import {
  ORGANIZATION_ID,
  cardTransaction,
  createPki,
  snapshotWith,
  type Pki,
} from '../../unit/bank/fixtures.js';

const SEED = 20_241_121;
const RUNS = 200;
const validator = new SpecValidator();

let pki: Pki;
let banks: { bank: Bank; listener: BankListener }[] = [];

beforeAll(async () => {
  pki = await createPki();
  const sandbox = createBank({ mode: 'sandbox', clock: new VirtualClock() });
  const production = createBank({
    mode: 'production',
    clock: new VirtualClock(),
    trustStore: new TrustStore([pki.ca.chainPem]),
    registry: new TppRegistry([
      { organizationIdentifier: ORGANIZATION_ID, name: 'TPP', roles: ['AISP', 'PISP'] },
    ]),
  });
  for (const bank of [sandbox, production])
    bank.importSnapshot(snapshotWith([cardTransaction('t1', '2024-10-01', 100)]));
  banks = await Promise.all(
    [sandbox, production].map(async (bank) => ({ bank, listener: await bank.listen() })),
  );
});

afterAll(async () => {
  await Promise.all(banks.map(({ bank }) => bank.close()));
});

const printable = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
  maxLength: 40,
});
const headerName = fc.oneof(
  fc.constantFrom(
    'X-Request-ID',
    'TPP-Signature-Certificate',
    'Signature',
    'Digest',
    'Date',
    'x-accept-fix',
    'TPP-Session-ID',
    'TPP-Redirect-URI',
    'TPP-Redirect-Preferred',
    'PSU-ID',
    'PSU-Corporate-ID',
    'PSU-Context',
    'PSU-IP-Address',
    'PSU-IP-Port',
    'PSU-Geo-Location',
    'PSU-HTTP-Method',
    'PSU-Device-ID',
    'X-PSU-IDENTITY',
    'Content-Type',
    'Accept',
  ),
  fc.stringMatching(/^[a-zA-Z][a-zA-Z0-9-]{0,15}$/),
);
const headerValue = fc.oneof(
  printable,
  fc.uuid(),
  fc.constantFrom(
    'amount-as-string',
    'made-up',
    'PRIVATE',
    'true',
    'GEO:59.9,10.7',
    '01019012480',
    'https://tpp.example/cb',
    'SHA-256=abc',
    'application/json',
    'application/xml',
    'text/plain; charset=latin1',
  ),
);
const path = fc.oneof(
  fc.constantFrom(
    '/v1/card-accounts/card-1/transactions?bookingStatus=booked',
    '/v1/card-accounts/card-1/transactions?bookingStatus=both&limit=0',
    '/v1/card-accounts/%ZZ/transactions',
    '/v1/sandbox/initialize',
    '/v1/sandbox/../sandbox/initialize',
    '/openapi.json',
    '/',
    '/v1/payments/sepa-credit-transfers',
  ),
  fc
    .array(
      fc.oneof(
        fc.constantFrom(
          'v1',
          'sandbox',
          'card-accounts',
          'transactions',
          '%E2%82',
          '%F0%9F%98%80',
          '..',
          '',
        ),
        fc.webSegment(),
      ),
      { maxLength: 5 },
    )
    .chain((segments) =>
      fc.webQueryParameters().map((query) => `/${segments.join('/')}${query ? `?${query}` : ''}`),
    ),
);
const HUGE = Buffer.alloc(1024 * 1024 + 1, 0x7b);
const body = fc.oneof(
  { weight: 3, arbitrary: fc.constant(undefined) },
  { weight: 3, arbitrary: fc.json().map((text) => Buffer.from(text)) },
  { weight: 2, arbitrary: fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)) },
  { weight: 1, arbitrary: fc.constant(Buffer.from([0x7b, 0x22, 0xc3, 0x28, 0x22, 0x7d])) }, // invalid UTF-8
  { weight: 1, arbitrary: fc.constant(Buffer.from('<?xml version="1.0"?><Document/>')) },
  { weight: 1, arbitrary: fc.constant(Buffer.from('{"creditorName":"😀"}')) },
  { weight: 1, arbitrary: fc.constant(HUGE) },
);
const exchange = fc.record({
  /** 'random' sends what was drawn; the others start from a well-formed request and add the draws.
   * */
  shape: fc.constantFrom('random', 'random', 'ais', 'initialize'),
  bank: fc.nat({ max: 1 }),
  method: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'FOO'),
  path,
  headers: fc.dictionary(headerName, headerValue, { maxKeys: 8 }),
  body,
  signed: fc.boolean(),
  /** After signing: leave alone, or break the body or the signature value. */
  tamper: fc.constantFrom('none', 'none', 'body', 'signature'),
});

type Exchange = typeof exchange extends fc.Arbitrary<infer T> ? T : never;

const AIS_HEADERS = {
  'x-accept-fix': 'amount-as-string',
  'TPP-Session-ID': 'session',
  'TPP-Redirect-URI': 'https://tpp.example/cb',
};

function shaped(input: Exchange): Exchange {
  if (input.shape === 'ais')
    return {
      ...input,
      method: 'GET',
      path: '/v1/card-accounts/card-1/transactions?bookingStatus=both',
      headers: { ...AIS_HEADERS, ...input.headers },
      signed: true,
    };
  if (input.shape === 'initialize')
    return { ...input, method: 'POST', path: '/v1/sandbox/initialize', bank: 0, signed: true };
  return input;
}

function prepare(drawn: Exchange, baseUrl: string) {
  const input = shaped(drawn);
  let headers: Record<string, string> = { ...input.headers };
  let bytes: Buffer | undefined = input.body;
  if (input.signed) {
    try {
      const signed = signRequest({
        method: input.method,
        url: `${baseUrl}${input.path}`,
        headers: { 'X-Request-ID': crypto.randomUUID(), ...headers },
        ...(bytes ? { body: bytes } : {}),
        certificate: pki.seal.certificateDer,
        signingKey: pki.seal.privateKey,
      });
      headers = signed.headers;
      bytes = signed.body;
      if (input.tamper === 'body')
        bytes = Buffer.concat([bytes ?? Buffer.alloc(0), Buffer.from(' ')]);
      if (input.tamper === 'signature') headers.Signature = signed.signature.replace(/.="$/, 'A="');
    } catch {
      // the signer refuses some random inputs; send them unsigned
    }
  }
  return { headers, bytes };
}

describe('bank robustness (property)', () => {
  it(`answers every request with well-formed JSON and never 500 (${RUNS} runs, seed ${SEED})`, async () => {
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(exchange, async (input) => {
        const { listener } = banks[shaped(input).bank]!;
        const { headers, bytes } = prepare(input, listener.url);
        const response = await request(`${listener.url}${shaped(input).path}`, {
          method: shaped(input).method,
          headers,
          ...(bytes && bytes.length > 0 ? { body: bytes } : {}),
        });
        const text = await response.body.text();
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        expect(response.statusCode).toBeLessThan(500);
        expect(response.headers['content-type']).toMatch(/^application\/json/);
        const json = JSON.parse(text) as unknown;
        if (response.statusCode >= 400)
          expect(validator.check(ErrorResponseSchema, json)).toEqual({ ok: true });
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    // The runs reached deep stages, not only the router.
    expect([...statuses.keys()].sort()).toEqual(expect.arrayContaining([200, 400, 404, 405, 413]));
    for (const { listener } of banks) {
      const alive = await request(`${listener.url}/openapi.json`);
      expect(alive.statusCode).toBe(200);
      await alive.body.dump();
    }
  });

  it('logs every exchange, with the stage that refused it', () => {
    const entries = banks.flatMap(({ bank }) => bank.requestLog.entries());
    expect(entries.length).toBeGreaterThan(RUNS / 2);
    const stages = new Set(entries.map((entry) => entry.rejectedBy?.stage).filter(Boolean));
    for (const stage of ['transport', 'route', 'headers', 'fixes', 'signature', 'request-schema'])
      expect(stages).toContain(stage);
  });
});

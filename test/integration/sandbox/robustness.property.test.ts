/**
 * Property: valid sandbox bodies with one value
 * replaced by anything (wrong types, huge or fractional numbers, unknown ids, odd strings), and
 * random JSON, sent to every sandbox operation, are answered below 500; every error is a
 * tppMessages body with a §7.2 code and a text naming what was wrong. Seeded and bounded.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { createBank, type Bank } from '../../../main/core/bank/index.js';
import { VirtualClock } from '../../../main/core/clock.js';
import { ErrorResponseSchema } from '../../../main/core/spec/schemas/shared.js';
import { SpecValidator } from '../../../main/core/spec/validation.js';
import { signedRequest } from '../../unit/bank/fixtures.js';
import {
  NORDLYS,
  OLA_ACCOUNT,
  accountBody,
  accountTransactionItem,
  cardAccountBody,
  cardTransactionItem,
} from './bodies.js';
import { NOW, testPki } from './harness.js';

const SEED = 4_303;
const RUNS = 400;
const validator = new SpecValidator();

const engagement = {
  customer: '10000002',
  account: { iban: 'NO3797101056787' },
  roles: ['REGISTER', 'VIEW'],
  registerLimit: 0,
  approvalLimit: 0,
};
const OPERATIONS: { method: string; path: string; body?: unknown }[] = [
  { method: 'POST', path: '/v1/sandbox/accounts', body: accountBody() },
  {
    method: 'PUT',
    path: `/v1/sandbox/accounts/${OLA_ACCOUNT.id}/balances`,
    body: accountBody().balances,
  },
  {
    method: 'POST',
    path: `/v1/sandbox/accounts/${OLA_ACCOUNT.id}/transactions`,
    body: [accountTransactionItem()],
  },
  { method: 'POST', path: '/v1/sandbox/card-accounts', body: cardAccountBody() },
  {
    method: 'POST',
    path: '/v1/sandbox/card-accounts/card-10000001/transactions',
    body: [cardTransactionItem()],
  },
  {
    method: 'POST',
    path: '/v1/sandbox/agreements',
    body: { name: 'A', owner: NORDLYS.customerNumber, engagements: [engagement] },
  },
  {
    method: 'POST',
    path: `/v1/sandbox/agreements/${NORDLYS.agreementId}/engagements`,
    body: engagement,
  },
];
const READS = [
  '/v1/sandbox/customers',
  '/v1/sandbox/accounts',
  `/v1/sandbox/accounts/${OLA_ACCOUNT.id}/transactions`,
  '/v1/sandbox/card-accounts/card-10000001/transactions?bookingStatus=both',
];

/** Every path to a value inside a JSON document. */
function pathsOf(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  const here = prefix.length ? [prefix] : [];
  if (Array.isArray(value))
    return [...here, ...value.flatMap((v, i) => pathsOf(v, [...prefix, i]))];
  if (value && typeof value === 'object')
    return [...here, ...Object.entries(value).flatMap(([k, v]) => pathsOf(v, [...prefix, k]))];
  return here;
}

function replaced(document: unknown, path: (string | number)[], value: unknown): unknown {
  const copy = structuredClone(document) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path.at(-1)!] = value;
  return copy;
}

const oddValue = fc.oneof(
  fc.constantFrom(
    null,
    true,
    0,
    -1,
    2_147_483_648,
    -2_147_483_649,
    1.5,
    1e308,
    '',
    ' ',
    'NOK',
    'EUR',
    '2025-03-14',
    '2099-01-01',
    '0000-00-00',
    '2025-03-14T10:00:00Z',
    'NO9386011117947',
    '15038512363',
    '20000001',
    '10000001',
    'x'.repeat(600),
    '\u0000',
    'ø'.repeat(3),
    [],
    {},
    [1],
    { a: 1 },
  ),
  fc.string({ maxLength: 20 }),
  fc.integer(),
  fc.double(),
  fc.jsonValue({ maxDepth: 2 }),
);

let pki: Awaited<ReturnType<typeof testPki>>;
let bank: Bank;
beforeAll(async () => {
  pki = await testPki();
  const clock = new VirtualClock();
  clock.freeze(); // frozen first: a running clock set, then frozen, moves on by the time between
  clock.set(NOW);
  bank = createBank({ mode: 'sandbox', clock });
});

async function send(method: string, path: string, body?: unknown) {
  const response = await bank.handle(
    signedRequest(pki, {
      method,
      path,
      headers: { 'X-Request-ID': crypto.randomUUID(), 'Content-Type': 'application/json' },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    }),
  );
  return { status: response.status, json: response.body ? JSON.parse(response.body) : undefined };
}

function expectWellFormed(answer: { status: number; json: unknown }, what: string) {
  expect(answer.status, what).toBeLessThan(500);
  if (answer.status >= 400) {
    expect(validator.check(ErrorResponseSchema, answer.json), what).toEqual({ ok: true });
    const [message] = (answer.json as { tppMessages: { text: string }[] }).tppMessages;
    expect(message!.text.length, what).toBeGreaterThan(10);
  }
}

describe('sandbox robustness (property)', () => {
  it(`answers every mutated sandbox body below 500 with a well-formed error (${RUNS} runs, seed ${SEED})`, async () => {
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: OPERATIONS.length - 1 }),
        fc.nat(),
        oddValue,
        fc.boolean(),
        async (which, pathIndex, value, randomBody) => {
          const operation = OPERATIONS[which]!;
          const paths = pathsOf(operation.body);
          const body = randomBody
            ? value
            : replaced(operation.body, paths[pathIndex % paths.length]!, value);
          const answer = await send(operation.method, operation.path, body);
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
          expectWellFormed(
            answer,
            `${operation.method} ${operation.path} ${JSON.stringify(body).slice(0, 200)}`,
          );
          if (answer.status < 300) await send('POST', '/v1/sandbox/initialize');
        },
      ),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    expect([...statuses.keys()]).toEqual(expect.arrayContaining([200, 201, 400]));
  });

  it('answers odd query parameters on every sandbox read below 500', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...READS),
        fc.constantFrom('offset', 'limit', 'fromDate', 'toDate', 'bookingStatus'),
        fc.oneof(
          fc.string({ maxLength: 12 }),
          fc.constantFrom('0', '-1', '1', '2147483648', '1.5', '2025-02-30', ''),
        ),
        async (path, name, value) => {
          const separator = path.includes('?') ? '&' : '?';
          const answer = await send(
            'GET',
            `${path}${separator}${name}=${encodeURIComponent(value)}`,
          );
          expectWellFormed(answer, `${path} ${name}=${value}`);
        },
      ),
      { seed: SEED, numRuns: 150, endOnFailure: true },
    );
  });
});

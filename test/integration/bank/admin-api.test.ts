/**
 * The admin API (docs/ci.md "Admin API") over loopback, in front of the SCA/payments harness's
 * bank: the bearer token on every route, 404 on a listener without it, moving the clock past the
 * SCA hour, running the batch, snapshot export → reset → import, the request log, and 400 naming
 * the field for bad input with nothing changed.
 */
import { request } from 'undici';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAdminApi } from '../../../main/core/bank/admin/admin-api.js';
import { MAX_REQUEST_BODY_BYTES } from '../../../main/core/spec/limits.js';
import { createPki, type Pki } from '../../unit/bank/fixtures.js';
import {
  OLA,
  approve,
  create,
  json,
  paymentTpp,
  sct,
  setClock,
  startHarness,
  statusOf,
  type Harness,
  type Tpp,
} from '../payments/harness.js';
import { firstCode } from '../sca/harness.js';

const TOKEN = 'admin-token-for-tests-0123456789';
const MINUTE = 60_000;

let pki: Pki;
let h: Harness;
let tpp: Tpp;
/** The listener with the admin API; h.baseUrl is the same bank without it. */
let adminUrl: string;

beforeAll(async () => {
  pki = await createPki();
});
beforeEach(async () => {
  h = await startHarness({ pki });
  setClock(h, '10:00'); // between the 09:00 and 12:00 batch runs: no scheduled run interferes
  tpp = paymentTpp(h);
  const api = createAdminApi({
    bank: h.bank,
    clock: h.clock,
    token: TOKEN,
    maxBodyBytes: MAX_REQUEST_BODY_BYTES,
  });
  const listener = await h.bank.listen({ intercept: api, bodyLimit: api.bodyLimit });
  adminUrl = listener.url;
});
afterEach(() => h.close());

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON under test
}

async function admin(
  method: string,
  path: string,
  options: { body?: unknown; raw?: string; token?: string | null; base?: string } = {},
): Promise<Answer> {
  const token = options.token === undefined ? TOKEN : options.token;
  const text =
    options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  const response = await request(`${options.base ?? adminUrl}${path}`, {
    method: method as 'GET',
    headers: {
      ...(token !== null ? { authorization: `Bearer ${token}` } : {}),
      ...(text !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(text !== undefined ? { body: text } : {}),
  });
  const body = await response.body.text();
  return {
    status: response.statusCode,
    headers: response.headers,
    body: body === '' ? undefined : JSON.parse(body),
  };
}

const ROUTES: [string, string, unknown?][] = [
  ['GET', '/admin/clock'],
  ['POST', '/admin/clock', { advance: 'PT1M' }],
  ['POST', '/admin/batch'],
  ['POST', '/admin/reset'],
  ['GET', '/admin/snapshot'],
  ['PUT', '/admin/snapshot', {}],
  ['GET', '/admin/requests?limit=5'],
  ['GET', '/admin/events?limit=5'],
];

describe('the token', () => {
  it('every route is 401 with a JSON error without the token or with a wrong one, and nothing changes', async () => {
    const payment = await create(tpp, sct());
    const before = h.bank.state();
    const now = h.clock.now().toISOString();
    for (const [method, path, body] of ROUTES)
      for (const token of [null, 'wrong-token-of-enough-length', TOKEN.slice(0, -1), `${TOKEN}x`]) {
        const answer = await admin(method, path, { body, token });
        expect(answer.status, `${method} ${path} with ${token}`).toBe(401);
        expect(answer.body.error).toMatchObject({ code: 'UNAUTHORIZED', field: 'Authorization' });
        expect(answer.headers['www-authenticate']).toBe('Bearer realm="workbench-admin"');
      }
    // A scheme other than Bearer is no credential either.
    const basic = await request(`${adminUrl}/admin/clock`, {
      headers: { authorization: `Basic ${TOKEN}` },
    });
    expect(basic.statusCode).toBe(401);
    await basic.body.dump();
    expect(h.bank.state()).toEqual(before);
    expect(h.clock.now().toISOString()).toBe(now);
    expect((await statusOf(tpp, payment.path)).transactionStatus).toBe('RCVD');
  });

  it('with the token, GET /admin/clock answers the bank clock', async () => {
    const answer = await admin('GET', '/admin/clock');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ now: h.clock.now().toISOString(), frozen: true });
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
  });

  it('every /admin route is 404 on a bank without the admin API, token or not', async () => {
    for (const [method, path, body] of ROUTES) {
      const answer = await admin(method, path, { body, base: h.baseUrl });
      expect(answer.status, `${method} ${path}`).toBe(404);
    }
    expect((await admin('GET', '/admin/clock')).status).toBe(200); // the same bank, with it
  });

  it('an unknown admin route is 404 and a wrong method 405 with Allow (after the token)', async () => {
    expect((await admin('GET', '/admin/nothing')).status).toBe(404);
    expect((await admin('GET', '/admin/nothing', { token: null })).status).toBe(401);
    const wrong = await admin('DELETE', '/admin/clock');
    expect(wrong.status).toBe(405);
    expect(wrong.headers.allow).toBe('GET, POST');
  });
});

describe('POST /admin/clock', () => {
  const user = () => tpp.send('GET', '/v1/user');

  it('advancing by PT61M ends the SCA hour: the next call asks for SCA again (§3.4, §5.3)', async () => {
    const started = await tpp.startConsent();
    const done = await tpp.complete(started.scaRedirect, {
      nationalIdentityNumber: OLA.nationalIdentityNumber,
      context: 'PRIVATE',
      accounts: 'all',
    });
    expect(done.redirect.outcome).toBe('success');
    expect((await user()).response?.status).toBe(200);

    const before = h.clock.now().getTime();
    const moved = await admin('POST', '/admin/clock', { body: { advance: 'PT61M' } });
    expect(moved.status).toBe(200);
    expect(Date.parse(moved.body.now)).toBe(before + 61 * MINUTE);
    expect(h.clock.now().getTime()).toBe(before + 61 * MINUTE);

    const expired = await user();
    expect(expired.response?.status).toBe(401);
    expect(firstCode(expired)).toBe('SCA_EXPIRED');
    expect(json(expired)._links.scaRedirect.href).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    expect(json(expired)._links.scaRedirect.href).not.toBe(started.scaRedirect);
  });

  it('advances by milliseconds, by days and hours, and sets an instant', async () => {
    const start = h.clock.now().getTime();
    expect((await admin('POST', '/admin/clock', { body: { advanceMs: 1500 } })).body.now).toBe(
      new Date(start + 1500).toISOString(),
    );
    expect(
      (await admin('POST', '/admin/clock', { body: { advance: 'P1DT2H3M4.5S' } })).body.now,
    ).toBe(new Date(start + 1500 + ((26 * 60 + 3) * 60 + 4.5) * 1000).toISOString());
    expect((await admin('POST', '/admin/clock', { body: { advance: '-PT1S' } })).body.now).toBe(
      new Date(start + 500 + ((26 * 60 + 3) * 60 + 4.5) * 1000).toISOString(),
    );
    const set = await admin('POST', '/admin/clock', {
      body: { set: '2026-01-01T10:00:00+01:00' },
    });
    expect(set.body.now).toBe('2026-01-01T09:00:00.000Z');
    expect(h.clock.now().toISOString()).toBe('2026-01-01T09:00:00.000Z');
    // Each move is a console event, so the request log view and the diagram show it.
    expect(h.bank.consoleEvents.entries().map((e) => [e.kind, e.text])).toEqual([
      ['clock', 'Bank clock advanced +1.5 s (admin API)'],
      ['clock', 'Bank clock advanced +93784.5 s (admin API)'],
      ['clock', 'Bank clock advanced -1 s (admin API)'],
      ['clock', 'Bank clock set to 2026-01-01T09:00:00.000Z (admin API)'],
    ]);
  });

  it.each([
    [{}, undefined],
    [{ advance: 'PT1M', set: '2026-01-01T10:00:00Z' }, 'advance,set'],
    [{ speed: 2 }, 'speed'],
    [{ advance: 'P1Y' }, 'advance'],
    [{ advance: 'P1W' }, 'advance'],
    [{ advance: 'PT' }, 'advance'],
    [{ advance: '61 minutes' }, 'advance'],
    [{ advance: 3_660_000 }, 'advance'],
    [{ advanceMs: '3660000' }, 'advanceMs'],
    [{ advanceMs: 1.5 }, 'advanceMs'],
    [{ advanceMs: 9e15 }, 'advanceMs'],
    [{ advance: 'P999999999D' }, 'advance'],
    [{ set: '2026-01-01T10:00:00' }, 'set'],
    [{ set: '2026-02-30T10:00:00Z' }, 'set'],
    [{ set: 'tomorrow' }, 'set'],
    [{ set: null }, 'set'],
  ])('refuses %j with 400 naming %s; the clock stays', async (body, field) => {
    const now = h.clock.now().toISOString();
    const answer = await admin('POST', '/admin/clock', { body });
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('BAD_REQUEST');
    expect(answer.body.error.field).toBe(field);
    expect(answer.body.error.message).toEqual(expect.any(String));
    expect(h.clock.now().toISOString()).toBe(now);
    expect(h.bank.consoleEvents.entries()).toEqual([]);
  });

  it('refuses a body over 1 MiB with 413; the clock stays', async () => {
    const now = h.clock.now().toISOString();
    const answer = await admin('POST', '/admin/clock', {
      raw: JSON.stringify({ advance: 'PT1M', pad: 'x'.repeat(MAX_REQUEST_BODY_BYTES) }),
    });
    expect(answer.status).toBe(413);
    expect(answer.body.error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(answer.body.error.message).toBe(
      `the body is over ${MAX_REQUEST_BODY_BYTES} bytes, the limit of POST /admin/clock`,
    );
    expect(h.clock.now().toISOString()).toBe(now);
  });

  it.each(['', 'not json', '[1]', '"PT1M"', '\u00ff'])(
    'refuses the body %j with 400',
    async (raw) => {
      const answer = await admin('POST', '/admin/clock', { raw });
      expect(answer.status).toBe(400);
      expect(answer.body.error.message).toMatch(/body/);
    },
  );
});

describe('the clock range (issue #29 finding 4)', () => {
  it.each([
    [{ set: '1970-01-01T00:00:00Z' }, 'set'],
    [{ set: '9999-12-31T23:59:59Z' }, 'set'],
    [{ set: '1999-12-31T23:59:59Z' }, 'set'],
    [{ set: '2200-01-01T00:00:00Z' }, 'set'],
    [{ advance: 'P73000D' }, 'advance'],
    [{ advance: '-P73000D' }, 'advance'],
    [{ advanceMs: 200 * 366 * 86_400_000 }, 'advanceMs'],
  ])('refuses %j with 400 naming %s and the range; the clock stays', async (body, field) => {
    const now = h.clock.now().toISOString();
    const answer = await admin('POST', '/admin/clock', { body });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ code: 'BAD_REQUEST', field });
    expect(answer.body.error.message).toContain('2000-01-01T00:00:00Z to 2199-12-31T23:59:59Z');
    expect(answer.body.tppMessages).toEqual([
      { category: 'ERROR', code: 'BAD_REQUEST', path: field, text: answer.body.error.message },
    ]);
    expect(h.clock.now().toISOString()).toBe(now);
  });

  it('takes both ends of the range', async () => {
    for (const set of ['2000-01-01T00:00:00Z', '2199-12-31T23:59:59Z']) {
      const answer = await admin('POST', '/admin/clock', { body: { set } });
      expect(answer.status).toBe(200);
      expect(answer.body.now).toBe(new Date(set).toISOString());
    }
  });

  it('a jump across the whole range is followed by TPP requests answered at once', async () => {
    // Authorised payments and a weekly standing order are due all through the jump.
    const settled = await create(tpp, sct());
    await approve(tpp, settled.scaRedirect!);
    const day = (offset: number) =>
      new Date(h.clock.now().getTime() + offset * 86_400_000).toISOString().slice(0, 10);
    const standing = await create(
      tpp,
      sct({
        instructedAmount: { amount: '1.00', currency: 'NOK' },
        startDate: day(1),
        frequency: 'Weekly',
      }),
      { service: 'periodic-payments' },
    );
    await approve(tpp, standing.scaRedirect!);
    expect(
      (await admin('POST', '/admin/clock', { body: { set: '2000-01-01T00:00:00Z' } })).status,
    ).toBe(200);
    expect((await tpp.send('GET', '/v1/user')).response?.status).toBeDefined();
    expect(
      (await admin('POST', '/admin/clock', { body: { set: '2199-12-31T23:00:00Z' } })).status,
    ).toBe(200);
    // Each request waits for at most about half a second of catching up; the next one goes on
    // from there. While the bank catches up, the admin API is answered: the loop is not held.
    const lastRun = () => h.bank.state().behaviour.lastBatchRunAt!;
    let requests = 0;
    let slowest = 0;
    while (!lastRun().startsWith('2199-12-31T') && requests < 40) {
      const started = performance.now();
      const [status, clockRead] = await Promise.all([
        statusOf(tpp, settled.path),
        admin('GET', '/admin/clock'),
      ]);
      slowest = Math.max(slowest, performance.now() - started);
      expect(status.transactionStatus).toBe('ACSC');
      expect(clockRead.status).toBe(200);
      requests++;
    }
    console.log(
      `200 years caught up in ${requests} requests, the slowest ${Math.round(slowest)} ms`,
    );
    expect(slowest).toBeLessThan(5000);
    expect(lastRun()).toMatch(/^2199-12-31T(0[0-9]|1[0-9]|2[0-2]):/);
    // The standing order ran every week until 2199, or until the account could not pay.
    const order = h.bank.state().payments.find((p) => p.paymentId === standing.paymentId)!;
    const details = order.details as { periodic?: { executedThrough?: string } } | undefined;
    const executedThrough = details?.periodic?.executedThrough ?? '';
    expect(order.transactionStatus === 'RJCT' || executedThrough >= '2199-12-24').toBe(true);
  });
});

describe('POST /admin/batch', () => {
  it('settles an authorised payment now: ACTC → ACSC, and says so', async () => {
    const payment = await create(tpp, sct());
    await approve(tpp, payment.scaRedirect!);
    expect((await statusOf(tpp, payment.path)).transactionStatus).toBe('ACTC');

    const answer = await admin('POST', '/admin/batch');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      now: h.clock.now().toISOString(),
      settled: [payment.paymentId],
      rejected: [],
      runs: [h.clock.now().toISOString()],
    });
    expect((await statusOf(tpp, payment.path)).transactionStatus).toBe('ACSC');
  });
});

describe('snapshots and reset', () => {
  it('export → reset → import brings the data back', async () => {
    const payment = await create(tpp, sct());
    const exported = await admin('GET', '/admin/snapshot');
    expect(exported.status).toBe(200);
    expect(exported.body).toMatchObject({ format: 'psd2-workbench/bank-state', version: 1 });

    const reset = await admin('POST', '/admin/reset');
    expect(reset.status).toBe(200);
    expect(h.bank.state().payments).toEqual([]);
    expect((await tpp.send('GET', `${payment.path}/status`)).response?.status).toBe(404);

    const imported = await admin('PUT', '/admin/snapshot', { body: exported.body });
    expect(imported.status).toBe(200);
    expect(h.bank.state()).toEqual(exported.body.state);
    expect((await statusOf(tpp, payment.path)).transactionStatus).toBe('RCVD');
  });

  it('a snapshot of 2,000 payments goes back in: GET → reset → PUT (issue #29 finding 5)', async () => {
    const payment = await create(tpp, sct());
    await approve(tpp, payment.scaRedirect!);
    // 1,999 more like it, as the bank would hold them after as many initiations.
    h.bank.act((state) => {
      const model = state.payments.find((p) => p.paymentId === payment.paymentId)!;
      for (let i = 1; i < 2000; i++)
        state.payments.push({
          ...structuredClone(model),
          paymentId: `${payment.paymentId.slice(0, -6)}${String(i).padStart(6, '0')}`,
        });
    });
    const exported = await request(`${adminUrl}/admin/snapshot`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(exported.statusCode).toBe(200);
    const text = await exported.body.text();
    console.log(`snapshot of 2,000 payments: ${text.length} bytes`);
    expect(text.length).toBeGreaterThan(MAX_REQUEST_BODY_BYTES);
    const before = h.bank.state();
    expect(before.payments).toHaveLength(2000);

    expect((await admin('POST', '/admin/reset')).status).toBe(200);
    expect(h.bank.state().payments).toEqual([]);
    const imported = await admin('PUT', '/admin/snapshot', { raw: text });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(h.bank.state()).toEqual(before);
    expect((await statusOf(tpp, payment.path)).transactionStatus).toBe('ACTC');

    // The larger limit is for the token's holder only.
    const anonymous = await admin('PUT', '/admin/snapshot', { raw: text, token: null });
    expect(anonymous.status).toBe(401);
  }, 60_000);

  it('a broken snapshot is 400 naming the problem, and the state stays as it was', async () => {
    await create(tpp, sct());
    const exported = (await admin('GET', '/admin/snapshot')).body;
    const before = h.bank.state();
    const broken = structuredClone(exported);
    broken.state.accounts[0].balances.closingBooked = 'lots';
    for (const [body, message] of [
      [
        broken,
        /snapshot state is invalid: accounts\[0\]\.balances\.closingBooked: must be integer/,
      ],
      [{ ...exported, format: 'other' }, /snapshot format must be/],
      [{ ...exported, version: 2 }, /version 2 is not supported/],
      // Issue #29 finding 7: the string "1" is not the version 1 (it said "1 … (expected 1)").
      [
        { ...exported, version: '1' },
        /snapshot version must be the number 1, not a string \("1"\)/,
      ],
      [{ ...exported, version: undefined }, /snapshot has no version \(expected the number 1\)/],
      [{ format: exported.format, version: 1 }, /no state object/],
    ] as const) {
      const answer = await admin('PUT', '/admin/snapshot', { body });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatchObject({ code: 'BAD_REQUEST', field: 'snapshot' });
      expect(answer.body.error.message).toMatch(message);
      expect(answer.body.error.message).toMatch(/state is unchanged/);
      expect(h.bank.state()).toEqual(before);
    }
    for (const raw of [
      '{"format":',
      // Nested too deep to copy: still the input's fault, never a 500.
      JSON.stringify({ ...exported, state: null }).replace(
        '"state":null',
        `"state":{"x":${'['.repeat(200_000)}${']'.repeat(200_000)}}`,
      ),
    ]) {
      const answer = await admin('PUT', '/admin/snapshot', { raw });
      expect(answer.status).toBe(400);
      expect(answer.body.error.field).toBe(raw.length > 100 ? 'snapshot' : undefined);
      expect(h.bank.state()).toEqual(before);
    }
  });
});

describe('GET /admin/requests', () => {
  it('answers the last N exchanges of the request log, oldest first, without admin calls', async () => {
    await tpp.send('GET', '/v1/consents'); // one more than the limit: the oldest is left out
    await tpp.send('GET', '/v1/user');
    const payment = await create(tpp, sct());
    await admin('GET', '/admin/clock');
    const answer = await admin('GET', '/admin/requests?limit=2');
    expect(answer.status).toBe(200);
    expect(answer.body.total).toBe(h.bank.requestLog.size);
    expect(answer.body.total).toBe(3);
    expect(answer.body.entries).toHaveLength(2);
    const last = answer.body.entries[1];
    expect(last.request).toMatchObject({
      method: 'POST',
      target: '/v1/payments/sepa-credit-transfers',
    });
    expect(last.response.status).toBe(201);
    expect(h.bank.state().payments.map((p) => p.paymentId)).toEqual([payment.paymentId]);
    expect(answer.body.entries[0].request.target).toBe('/v1/user');
    const all = await admin('GET', '/admin/requests');
    expect(all.body.entries.map((e: { id: number }) => e.id)).toEqual(
      h.bank.requestLog.entries().map((e) => e.id),
    );
  });

  it('GET /admin/events answers what was done to the bank outside its requests, oldest first', async () => {
    await admin('POST', '/admin/clock', { body: { advance: 'PT1H' } });
    await admin('POST', '/admin/batch');
    const answer = await admin('GET', '/admin/events?limit=1');
    expect(answer.status).toBe(200);
    expect(answer.body.total).toBe(h.bank.consoleEvents.entries().length);
    expect(answer.body.entries).toHaveLength(1);
    expect(answer.body.entries[0]).toMatchObject({ kind: 'batch-run', actor: 'bank' });
    const all = await admin('GET', '/admin/events');
    expect(all.body.entries.map((e: { kind: string }) => e.kind)).toEqual(['clock', 'batch-run']);
    expect((await admin('GET', '/admin/events?limit=0')).body.error.field).toBe('limit');
  });

  it.each(['0', '-1', 'ten', '1.5', '100000', ''])('refuses limit=%j with 400', async (limit) => {
    const answer = await admin('GET', `/admin/requests?limit=${limit}`);
    expect(answer.status).toBe(400);
    expect(answer.body.error.field).toBe('limit');
  });

  it('refuses unknown query parameters with 400 naming them', async () => {
    const answer = await admin('GET', '/admin/requests?limit=2&since=5');
    expect(answer.status).toBe(400);
    expect(answer.body.error.field).toBe('since');
  });
});

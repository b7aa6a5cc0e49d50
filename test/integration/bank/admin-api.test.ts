/**
 * The admin API (docs/ci.md "Admin API") over loopback, in front of the SCA/payments harness's
 * bank: the bearer token on every route, 404 on a listener without it, moving the clock past the
 * SCA hour, running the batch, snapshot export → reset → import, the request log, and 400 naming
 * the field for bad input with nothing changed.
 */
import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { MAX_REQUEST_BODY_BYTES } from '../../../main/core/spec/limits.js';
import { OLA, approve, create, json, sct, statusOf } from '../payments/harness.js';
import { firstCode } from '../sca/harness.js';

import { TOKEN, MINUTE, h, tpp, adminUrl, admin, useAdminBank } from './admin-harness.js';

useAdminBank();

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

describe('the clock range', () => {
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

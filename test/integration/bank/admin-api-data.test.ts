/**
 * The admin API's data routes (docs/ci.md "Admin API"): snapshot export → reset → import, a
 * broken snapshot refused with nothing changed, and the request and event logs with their query
 * checks. admin-api.test.ts has the token, the clock and the batch.
 */
import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { MAX_REQUEST_BODY_BYTES } from '../../../main/core/spec/limits.js';
import { approve, create, sct, statusOf } from '../payments/harness.js';
import { TOKEN, h, tpp, adminUrl, admin, useAdminBank } from './admin-harness.js';

useAdminBank();

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

  it('a snapshot of 2,000 payments goes back in: GET → reset → PUT', async () => {
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

  it('a snapshot body that is not JSON is 400 naming where it stops being JSON', async () => {
    // The listener parses this body as it arrives (http/json-intake.ts), not JSON.parse.
    for (const [raw, message] of [
      ['{"format": "x" "version": 1}', 'Unexpected "version" at character 15'],
      ['{"format": "x", "state": {', 'it ends after 26 bytes, before its value is complete'],
      ['{"format": "x"} []', 'Unexpected "[" at character 16'],
    ]) {
      const answer = await admin('PUT', '/admin/snapshot', { raw });
      expect(answer.status).toBe(400);
      expect(answer.body.error.message).toBe(`the body is not JSON in UTF-8: ${message}`);
    }
  });

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
      // The string "1" is not the version 1 (it said "1 … (expected 1)").
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

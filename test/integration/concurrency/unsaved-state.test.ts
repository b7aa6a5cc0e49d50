/**
 * Concurrency scenario 4: with the state in
 * a database file, a request that READS while another request changes the state, and a change
 * whose commit fails.
 *
 * Defined outcome: no answer shows the TPP a state that a kill could still lose. Each request is
 * one transaction answered after its commit (store/bank-database.ts); a read that arrives with a
 * change runs after the change's commit, so whatever it says is committed when it goes out. A
 * change whose commit fails is rolled back in the file and in memory and answered 503
 * SYSTEM_ERROR: nothing of it stays, and the same request sent again is carried out once.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { OLA, expectStatus, json, sct, startRig, type Rig } from './harness.js';

let rig: Rig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

const EXEMPT = { 'x-accept-fix': 'amount-as-string', 'X-PSU-IDENTITY': OLA.nationalIdentityNumber };

async function authorisedPayment(r: Rig): Promise<string> {
  r.bank.update((state) => {
    state.behaviour.riskPolicy = { mode: 'never', thresholdMinor: 0 };
  });
  const created = await r.send(
    'POST',
    '/v1/payments/sepa-credit-transfers',
    EXEMPT,
    sct('10.00', 'Durable'),
  );
  expectStatus(created, 201);
  return json(created).paymentId;
}

const committedStatus = (r: Rig, paymentId: string) =>
  r.store!.committed().payments.find((p) => p.paymentId === paymentId)?.transactionStatus;

describe('answers never show a change that is not committed', () => {
  it('a status read arriving with a DELETE answers CANC only once CANC is committed', async () => {
    rig = await startRig({ store: 'database file' });
    const r = rig;
    const paymentId = await authorisedPayment(r);
    const path = `/v1/payments/sepa-credit-transfers/${paymentId}`;
    const [deletion, read] = await Promise.all([
      r.signed('DELETE', path),
      r.signed('GET', `${path}/status`),
    ]);
    // Both in one tick: the read's pipeline starts while the DELETE's is still running.
    const deleted = r.bank.handle(deletion);
    const answered = r.bank.handle(read).then((response) => ({
      shown: JSON.parse(response.body).transactionStatus as string,
      committedThen: committedStatus(r, paymentId),
    }));
    expect((await deleted).status).toBe(204);
    const { shown, committedThen } = await answered;
    expect(shown).toBe('CANC');
    expect(committedThen, 'the read answered CANC while the file said otherwise').toBe('CANC');
  });

  it('a failed commit changes nothing, answers 503 SYSTEM_ERROR, and the retry succeeds once', async () => {
    rig = await startRig({ store: 'database file' });
    const r = rig;
    const paymentId = await authorisedPayment(r);
    const path = `/v1/payments/sepa-credit-transfers/${paymentId}`;
    const before = json(await r.send('GET', `${path}/status`)).transactionStatus;
    // A read-only database: every write of the transaction fails (SQLITE_READONLY).
    r.store!.database.db.pragma('query_only = 1');
    const refused = await r.send('DELETE', path);
    expect(refused.response?.status).toBe(503);
    expect(refused.response?.headers['retry-after']).toBe('1');
    expect(json(refused).tppMessages[0].code).toBe('SYSTEM_ERROR');
    expect(json(refused).tppMessages[0].text).toMatch(
      /nothing was changed, send the request again/,
    );
    r.store!.database.db.pragma('query_only = 0');
    // Nothing of the DELETE stayed: not in memory, not in the file.
    expect(json(await r.send('GET', `${path}/status`)).transactionStatus).toBe(before);
    expect(committedStatus(r, paymentId)).toBe(before);
    const retried = await r.send('DELETE', path);
    expectStatus(retried, 204);
    expect(json(await r.send('GET', `${path}/status`)).transactionStatus).toBe('CANC');
    expect(committedStatus(r, paymentId)).toBe('CANC');
  });
});

/**
 * Concurrency scenario 4 (found while writing scenarios 1–3; issue "Reliability" §3, persistence.ts):
 * with a state store, a request that READS while another request's change is still being written.
 *
 * Defined outcome: no answer shows the TPP a state that a kill could still lose. A change is
 * acknowledged only once it is saved (persistence.ts); a read that sees that change — the CANC
 * of a DELETE whose write is in flight, the `valid` of a consent whose SCA just finished — is
 * answered only after the same write, so whatever an answer says is in the saved snapshot when
 * the answer goes out. When a write fails (the changing request answered 500 SYSTEM_ERROR), the
 * next request writes the state again before it answers, instead of answering from memory.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  OLA,
  driveToFinalForm,
  expectStatus,
  json,
  sct,
  startRig,
  submitOverHttp,
  type Rig,
} from './harness.js';

let rig: Rig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

const EXEMPT = { 'x-accept-fix': 'amount-as-string', 'X-PSU-IDENTITY': OLA.nationalIdentityNumber };

/** Calls `action` once, when the store starts its next write. */
function whenNextWriteStarts(r: Rig, action: () => void): void {
  const store = r.store!;
  const save = store.save.bind(store);
  let done = false;
  store.save = (text) => {
    if (!done) {
      done = true;
      action();
    }
    return save(text);
  };
}

function saved(r: Rig) {
  return (JSON.parse(r.store!.last!) as { state: ReturnType<Rig['bank']['state']> }).state;
}

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

describe('answers never show a change that is not saved yet', () => {
  it('a status read during the write of a DELETE answers CANC only once CANC is saved', async () => {
    rig = await startRig({ store: 'slow state store' });
    const r = rig;
    const paymentId = await authorisedPayment(r);
    const path = `/v1/payments/sepa-credit-transfers/${paymentId}`;
    const read = await r.signed('GET', `${path}/status`);
    let answered: Promise<{ shown: string; savedThen: string }> | undefined;
    whenNextWriteStarts(r, () => {
      answered = r.bank.handle(read).then((response) => ({
        shown: JSON.parse(response.body).transactionStatus,
        savedThen: saved(r).payments.find((p) => p.paymentId === paymentId)!.transactionStatus,
      }));
    });
    const deleted = await r.send('DELETE', path);
    expectStatus(deleted, 204);
    const { shown, savedThen } = await answered!;
    expect(shown).toBe('CANC');
    expect(savedThen, 'the read answered CANC while the saved state said otherwise').toBe('CANC');
  });

  it('a consent status read during the write of the final SCA submission', async () => {
    rig = await startRig({ store: 'slow state store' });
    const r = rig;
    const started = await r.send('POST', '/v1/consents', {}, {});
    expectStatus(started, 201);
    const { consentId } = json(started);
    const form = await driveToFinalForm(json(started)._links.scaRedirect.href);
    const read = await r.signed('GET', `/v1/consents/${consentId}/status`);
    let answered: Promise<{ shown: string; savedThen: string }> | undefined;
    whenNextWriteStarts(r, () => {
      answered = r.bank.handle(read).then((response) => ({
        shown: JSON.parse(response.body).consentStatus,
        savedThen: saved(r).consents.find((c) => c.consentId === consentId)!.consentStatus,
      }));
    });
    const submitted = await submitOverHttp(form);
    expect(submitted.status).toBe(303);
    const { shown, savedThen } = await answered!;
    expect(shown).toBe('valid');
    expect(savedThen).toBe('valid');
  });

  it('after a failed write, the next answer waits for the state to be written again', async () => {
    rig = await startRig({ store: 'slow state store' });
    const r = rig;
    const paymentId = await authorisedPayment(r);
    const path = `/v1/payments/sepa-credit-transfers/${paymentId}`;
    const store = r.store!;
    const save = store.save.bind(store);
    store.save = async () => {
      store.save = save; // only this write fails
      throw new Error('disk full');
    };
    const deleted = await r.send('DELETE', path);
    expect(deleted.response?.status).toBe(500);
    expect(json(deleted).tppMessages[0].code).toBe('SYSTEM_ERROR');
    const status = await r.send('GET', `${path}/status`);
    expect(json(status).transactionStatus).toBe('CANC');
    expect(saved(r).payments.find((p) => p.paymentId === paymentId)!.transactionStatus).toBe(
      'CANC',
    );
  });
});

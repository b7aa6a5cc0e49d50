/**
 * Concurrency scenario 1: the PSU's final SCA submission arrives twice at the
 * same time (a double click, two tabs) — for a consent, and for a payment.
 *
 * Defined outcome (§6: one redirect per SCA; docs/sca.md "Guards of the pages": a finished
 * authorisation's page answers 409, no replay of the redirect):
 * - exactly one submission finalises: 303 to the TPP-Redirect-URI with the §6.1 success
 *   parameters (psu-id, tpp-session-id, context);
 * - the other is answered 409 with the SCA site's error page "Authorisation already ended": no
 *   second redirect to the TPP — neither a success nor a §6.2 failure, since the SCA did not fail
 *   — and never ≥ 500;
 * - the authorisation is FINALISED, and reached FINALISED once (its history);
 * - consent: valid, the only consent of its id, each account granted once, one PSU-ID for the TPP
 *   and PSU, one session record for the TPP-Session-ID;
 * - payment: ACTC once; at the next batch run ACSC once, with one debit and one credit in the
 *   ledger and both balances moved by exactly the amount.
 * Each over HTTP (two connections) and in-process (`bank.handle` twice in one tick, so the
 * pipelines interleave at every await), without and with a database file (then each request is
 * one transaction; the second runs after the first's commit).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Bank } from '../../../main/core/bank/index.js';
import {
  HOUR,
  KARI_BRUKSKONTO,
  OLA,
  OLA_BRUKSKONTO,
  REDIRECT_URI,
  STORE_OPTIONS,
  balanceOf,
  driveToFinalForm,
  expectStatus,
  json,
  paymentFacts,
  sct,
  startRig,
  submitInProcess,
  submitOverHttp,
  type FinalForm,
  type PageAnswer,
  type Rig,
} from './harness.js';

let rig: Rig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

const TRANSPORTS = {
  http: (_bank: Bank, form: FinalForm) => submitOverHttp(form),
  'in-process': (bank: Bank, form: FinalForm) => submitInProcess(bank, form),
};

/** Both answers: exactly one success redirect, the other the 409 "already ended" page. */
function judgeAnswers(answers: PageAnswer[], tppSessionId: string): PageAnswer {
  for (const answer of answers) expect(answer.status, answer.html).toBeLessThan(500);
  const redirects = answers.filter((answer) => answer.status === 303);
  expect(redirects, 'exactly one submission redirects to the TPP').toHaveLength(1);
  const success = new URL(redirects[0]!.location!);
  expect(`${success.origin}${success.pathname}`).toBe(REDIRECT_URI);
  expect(success.searchParams.get('tpp-session-id')).toBe(tppSessionId);
  expect(success.searchParams.get('psu-id')).toMatch(/^[0-9a-f-]{36}$/);
  expect(success.searchParams.get('context')).toBe('PRIVATE');
  expect(success.searchParams.has('code'), 'no failure parameters').toBe(false);
  const other = answers.find((answer) => answer !== redirects[0])!;
  expect(other.status, other.html).toBe(409);
  expect(other.location).toBeUndefined();
  expect(other.html).toContain('Authorisation already ended');
  expect(other.html).toContain('data-step="error"');
  return redirects[0]!;
}

function finalisedOnce(bank: Bank, authorisationId: string): void {
  const authorisation = bank
    .state()
    .authorisations.find((a) => a.authorisationId === authorisationId)!;
  expect(authorisation.scaStatus).toBe('FINALISED');
  expect(authorisation.history.filter((entry) => entry.scaStatus === 'FINALISED')).toHaveLength(1);
}

/** With a database file: what was acknowledged is what is committed. */
async function persistedAsInMemory(r: Rig): Promise<void> {
  if (!r.store) return;
  await r.bank.flush();
  expect(r.store.committed()).toEqual(JSON.parse(JSON.stringify(r.bank.state())));
}

describe.each(STORE_OPTIONS)('two simultaneous final SCA submissions (%s)', (store) => {
  describe.each(Object.keys(TRANSPORTS) as (keyof typeof TRANSPORTS)[])('%s', (transport) => {
    const submit = TRANSPORTS[transport];

    it('consent: one finalises, the other gets the 409 page; the consent is valid once', async () => {
      rig = await startRig({ store });
      const r = rig;
      const started = await r.send('POST', '/v1/consents', {}, {});
      expectStatus(started, 201);
      const { consentId } = json(started);
      const authorisationId = String(json(started)._links.scaStatus.href).split('/').at(-1)!;
      const form = await driveToFinalForm(json(started)._links.scaRedirect.href);
      expect(form.step).toBe('consent');

      const answers = await Promise.all([submit(r.bank, form), submit(r.bank, form)]);
      judgeAnswers(answers, r.session.tppSessionId);

      const scaStatus = await r.send('GET', json(started)._links.scaStatus.href);
      expect(json(scaStatus)).toEqual({ scaStatus: 'FINALISED' });
      finalisedOnce(r.bank, authorisationId);
      const read = await r.send('GET', `/v1/consents/${consentId}`);
      expectStatus(read, 200);
      expect(json(read).consentStatus).toBe('valid');
      const state = r.bank.state();
      expect(state.consents.filter((c) => c.consentId === consentId)).toHaveLength(1);
      const grants = state.grants.filter((g) => g.consentId === consentId);
      expect(grants.length).toBeGreaterThan(0);
      expect(new Set(grants.map((g) => `${g.accountKind}:${g.accountId}`)).size).toBe(
        grants.length,
      );
      const tppId = state.authorisations.find((a) => a.authorisationId === authorisationId)!.tppId;
      expect(
        state.psuIdentities.filter(
          (i) => i.tppId === tppId && i.customerNumber === OLA.customerNumber,
        ),
      ).toHaveLength(1);
      expect(
        state.sessions.filter(
          (s) => s.tppId === tppId && s.tppSessionId === r.session.tppSessionId,
        ),
      ).toHaveLength(1);
      await persistedAsInMemory(r);
    });

    it('payment: one finalises, the other gets the 409 page; ACTC once, settled once', async () => {
      rig = await startRig({ store });
      const r = rig;
      const olaBefore = balanceOf(r.bank, OLA_BRUKSKONTO);
      const kariBefore = balanceOf(r.bank, KARI_BRUKSKONTO);
      const created = await r.send(
        'POST',
        '/v1/payments/sepa-credit-transfers',
        { 'x-accept-fix': 'amount-as-string', 'PSU-Context': 'PRIVATE' },
        sct('250.75', 'Double click'),
      );
      expectStatus(created, 201);
      const { paymentId } = json(created);
      const authorisationId = String(json(created)._links.scaStatus.href).split('/').at(-1)!;
      const form = await driveToFinalForm(json(created)._links.scaRedirect.href);
      expect(form.step).toBe('authorise');

      const answers = await Promise.all([submit(r.bank, form), submit(r.bank, form)]);
      judgeAnswers(answers, r.session.tppSessionId);
      finalisedOnce(r.bank, authorisationId);
      const authorised = paymentFacts(r.bank, paymentId);
      expect(authorised.status).toBe('ACTC');
      expect(authorised.history.filter((status) => status === 'ACTC')).toHaveLength(1);
      expect(authorised.debits).toHaveLength(0);
      expect(balanceOf(r.bank, OLA_BRUKSKONTO)).toEqual(olaBefore);

      // 12:00: the batch run; the status read triggers it (runDueBatches before every request).
      r.clock.advance(2 * HOUR);
      const status = await r.send('GET', `/v1/payments/sepa-credit-transfers/${paymentId}/status`);
      expect(json(status).transactionStatus).toBe('ACSC');
      await r.send('GET', `/v1/payments/sepa-credit-transfers/${paymentId}/status`);
      const settled = paymentFacts(r.bank, paymentId);
      expect(settled.history).toEqual(['RCVD', 'ACTC', 'ACSC']);
      expect(settled.debits.map((entry) => entry.amount)).toEqual([-25_075]);
      expect(settled.credits.map((entry) => entry.amount)).toEqual([25_075]);
      expect(balanceOf(r.bank, OLA_BRUKSKONTO)).toEqual({
        closingBooked: olaBefore.closingBooked - 25_075,
        expected: olaBefore.expected - 25_075,
      });
      expect(balanceOf(r.bank, KARI_BRUKSKONTO)).toEqual({
        closingBooked: kariBefore.closingBooked + 25_075,
        expected: kariBefore.expected + 25_075,
      });
      await persistedAsInMemory(r);
    });
  });
});

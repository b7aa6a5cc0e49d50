/**
 * Concurrency scenario 3: an authorised (ACTC) payment is deleted
 * (DELETE /v1/payments/sepa-credit-transfers/{id}, sandbox only, §1) while the console's batch
 * run (`bank.update(runBatchNow)`) runs. 20 rounds per setting, each placing the run at another
 * point: before an in-process DELETE, at one of its awaits or after it (both started at microtask
 * offsets), or among the socket events of an HTTP DELETE (event-loop offsets); without and with a
 * database file.
 *
 * Defined outcome — exactly one of (decisions.md "Paths": DELETE 204; docs/payments.md: "A settled
 * or rejected payment: 409 CONFLICT"):
 * - the delete wins: 204; the payment is CANC (history RCVD, ACTC, CANC); no ledger entry has its
 *   paymentId; both balances are unchanged; the run did not report it settled;
 * - the batch wins: the payment is ACSC (history RCVD, ACTC, ACSC) with one debit and one credit
 *   of exactly its amount, both balances moved by it; the DELETE is answered 409 CONFLICT with a
 *   tppMessages body (§7) naming the payment.
 * Never both (204 and settled), never neither (still ACTC, or a refusal without a settlement),
 * never ≥ 500. Later batch runs change nothing. With microtask offsets the rounds must show both
 * outcomes (the interleavings differ); over HTTP either may win in a round.
 * A scheduled run that is due (bank clock past a batch time) always comes first: every request
 * runs the due batch runs before its own stages (bank.ts), so the DELETE then finds ACSC: 409.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { runBatchNow, type BatchReport } from '../../../main/core/bank/domain/batch.js';
import type { BankResponse } from '../../../main/core/bank/index.js';
import { ErrorResponseSchema } from '../../../main/core/spec/schemas/shared.js';
import { SpecValidator } from '../../../main/core/spec/validation.js';
import {
  HOUR,
  KARI_BRUKSKONTO,
  OLA,
  OLA_BRUKSKONTO,
  STORE_OPTIONS,
  afterImmediates,
  afterMicrotasks,
  balanceOf,
  expectStatus,
  json,
  paymentFacts,
  sct,
  startRig,
  type Rig,
} from './harness.js';

const ROUNDS = 20;
const AMOUNT = 12_345; // minor units: 123.45 NOK
const validator = new SpecValidator();

let rig: Rig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

const EXEMPT = { 'x-accept-fix': 'amount-as-string', 'X-PSU-IDENTITY': OLA.nationalIdentityNumber };

async function authorisedPayment(r: Rig, remittance: string): Promise<string> {
  const created = await r.send(
    'POST',
    '/v1/payments/sepa-credit-transfers',
    EXEMPT,
    sct('123.45', remittance),
  );
  expectStatus(created, 201);
  const { paymentId } = json(created);
  expect(paymentFacts(r.bank, paymentId).status).toBe('ACTC');
  return paymentId;
}

type Winner = 'delete' | 'batch';

/** Judges one round: exactly one of the two defined outcomes. */
function outcomeOf(
  r: Rig,
  paymentId: string,
  answer: Pick<BankResponse, 'status' | 'body'>,
  reports: BatchReport[],
  before: { ola: ReturnType<typeof balanceOf>; kari: ReturnType<typeof balanceOf> },
): Winner {
  expect(answer.status, answer.body).toBeLessThan(500);
  const facts = paymentFacts(r.bank, paymentId);
  const settledByRun = reports.some((report) => report.settled.includes(paymentId));
  if (answer.status === 204) {
    expect(facts.status).toBe('CANC');
    expect(facts.history).toEqual(['RCVD', 'ACTC', 'CANC']);
    expect(facts.debits).toEqual([]);
    expect(facts.credits).toEqual([]);
    expect(settledByRun).toBe(false);
    expect(balanceOf(r.bank, OLA_BRUKSKONTO)).toEqual(before.ola);
    expect(balanceOf(r.bank, KARI_BRUKSKONTO)).toEqual(before.kari);
    return 'delete';
  }
  expect(answer.status, `neither 204 nor 409: ${answer.body}`).toBe(409);
  const error = JSON.parse(answer.body) as { tppMessages: { code: string; text: string }[] };
  expect(validator.check(ErrorResponseSchema, error)).toEqual({ ok: true });
  expect(error.tppMessages[0]!.code).toBe('CONFLICT');
  expect(error.tppMessages[0]!.text).toContain(paymentId);
  expect(facts.status, 'a refused DELETE means the batch settled the payment').toBe('ACSC');
  expect(facts.history).toEqual(['RCVD', 'ACTC', 'ACSC']);
  expect(facts.debits.map((entry) => entry.amount)).toEqual([-AMOUNT]);
  expect(facts.credits.map((entry) => entry.amount)).toEqual([AMOUNT]);
  expect(balanceOf(r.bank, OLA_BRUKSKONTO)).toEqual({
    closingBooked: before.ola.closingBooked - AMOUNT,
    expected: before.ola.expected - AMOUNT,
  });
  expect(balanceOf(r.bank, KARI_BRUKSKONTO)).toEqual({
    closingBooked: before.kari.closingBooked + AMOUNT,
    expected: before.kari.expected + AMOUNT,
  });
  return 'batch';
}

async function prepare(r: Rig, round: number) {
  const paymentId = await authorisedPayment(r, `Round ${round}`);
  return {
    paymentId,
    path: `/v1/payments/sepa-credit-transfers/${paymentId}`,
    before: { ola: balanceOf(r.bank, OLA_BRUKSKONTO), kari: balanceOf(r.bank, KARI_BRUKSKONTO) },
  };
}

async function afterwards(r: Rig, paymentId: string, winner: Winner): Promise<void> {
  // Later runs (console and scheduled) change nothing.
  r.bank.act((state, now) => runBatchNow(state, now));
  r.clock.advance(24 * HOUR);
  const status = await r.send('GET', `/v1/payments/sepa-credit-transfers/${paymentId}/status`);
  expect(json(status).transactionStatus).toBe(winner === 'delete' ? 'CANC' : 'ACSC');
  expect(paymentFacts(r.bank, paymentId).debits).toHaveLength(winner === 'delete' ? 0 : 1);
}

describe.each(STORE_OPTIONS)('a payment deleted while a batch runs (%s)', (store) => {
  it(`in-process: one outcome per round, both outcomes over ${ROUNDS} rounds`, async () => {
    rig = await startRig({ store });
    const r = rig;
    r.bank.update((state) => {
      state.behaviour.riskPolicy = { mode: 'never', thresholdMinor: 0 };
    });
    const winners: Winner[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const { paymentId, path, before } = await prepare(r, round);
      const request = await r.signed('DELETE', path);
      const reports: BatchReport[] = [];
      // In odd rounds the run comes before the DELETE; in even rounds the DELETE starts at once
      // and the run after `round` microtask turns: between its awaits, or after it.
      const [answer] = await Promise.all([
        afterMicrotasks(round % 2 === 0 ? 0 : ROUNDS, () => r.bank.handle(request)),
        afterMicrotasks(round, () => {
          reports.push(r.bank.act((state, now) => runBatchNow(state, now)));
        }),
      ]);
      const winner = outcomeOf(r, paymentId, answer, reports, before);
      winners.push(winner);
      await afterwards(r, paymentId, winner);
    }
    console.log(`delete during batch, in-process (${store}): ${winners.join(' ')}`);
    expect(new Set(winners)).toEqual(new Set(['delete', 'batch']));
  });

  it(`over HTTP: one outcome per round (${ROUNDS} rounds)`, async () => {
    rig = await startRig({ store });
    const r = rig;
    r.bank.update((state) => {
      state.behaviour.riskPolicy = { mode: 'never', thresholdMinor: 0 };
    });
    const winners: Winner[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const { paymentId, path, before } = await prepare(r, round);
      const reports: BatchReport[] = [];
      const [exchange] = await Promise.all([
        r.send('DELETE', path),
        afterImmediates(round % 10, () => {
          reports.push(r.bank.act((state, now) => runBatchNow(state, now)));
        }),
      ]);
      const answer = { status: exchange.response!.status, body: exchange.response!.body };
      const winner = outcomeOf(r, paymentId, answer, reports, before);
      winners.push(winner);
      await afterwards(r, paymentId, winner);
    }
    console.log(`delete during batch, HTTP (${store}): ${winners.join(' ')}`);
  });

  it('a due scheduled run comes first: the DELETE finds the payment settled (409)', async () => {
    rig = await startRig({ store });
    const r = rig;
    r.bank.update((state) => {
      state.behaviour.riskPolicy = { mode: 'never', thresholdMinor: 0 };
    });
    const { paymentId, path, before } = await prepare(r, 0);
    r.clock.advance(2 * HOUR); // 12:00
    const [first, second] = await Promise.all([r.send('DELETE', path), r.send('DELETE', path)]);
    for (const exchange of [first, second]) {
      const answer = { status: exchange.response!.status, body: exchange.response!.body };
      expect(outcomeOf(r, paymentId, answer, [], before)).toBe('batch');
    }
  });
});

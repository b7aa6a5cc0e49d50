/**
 * Concurrency scenario 2: batch runs racing. Several authorised (ACTC)
 * payments; then, all in flight together: the bank console's "run batch now" three times
 * (`bank.update(runBatchNow)`, as the bank calls of the services call it: at once, after some microtask
 * turns, after some event-loop turns), status reads over HTTP and in-process (every request first
 * runs the due batch runs, bank.ts `runDueBatches`), and an in-process initiation of a new
 * payment. The start order rotates from round to round, so a console run comes first in some and
 * a request in others; the first half of the rounds move the bank clock past the 12:00 batch time
 * first, so the scheduled run is due as well.
 *
 * Defined outcome (§1 sandbox batch; docs/payments.md):
 * - every payment authorised before the race is ACSC afterwards, reached ACSC once (history);
 * - each payment settles exactly once: one debit and one credit in the ledger (account
 *   transactions with its paymentId), the amounts exactly the payment's;
 * - the debtor's and the creditor's balances (booked and expected) move by exactly the sum of the
 *   settled payments; the payment created during the race exists once and is settled at most once;
 * - no console run reports an error or a payment another run already settled; no answer is ≥ 500;
 *   a status read answers ACTC or ACSC;
 * - with a state store, the saved state is the state in memory once the writes are done.
 * Rounds place the console runs at different points between the requests' awaits (microtask and
 * event-loop offsets), and in every other round the new payment after all of them, without and
 * with a database file.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { runBatchNow, type BatchReport } from '../../../main/core/bank/domain/batch.js';
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

const ROUNDS = 16;
const AMOUNTS = ['101.00', '202.50', '303.25', '404.75'];
const minor = (amount: string) => Math.round(Number(amount) * 100);

type Answer = { status: number; body: string };

let rig: Rig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

/** An initiation the risk rule exempts (riskPolicy 'never', payer named): ACTC at once. */
const EXEMPT = { 'x-accept-fix': 'amount-as-string', 'X-PSU-IDENTITY': OLA.nationalIdentityNumber };

async function authorisedPayment(r: Rig, amount: string, remittance: string): Promise<string> {
  const created = await r.send(
    'POST',
    '/v1/payments/sepa-credit-transfers',
    EXEMPT,
    sct(amount, remittance),
  );
  expectStatus(created, 201);
  const { paymentId } = json(created);
  expect(paymentFacts(r.bank, paymentId).status).toBe('ACTC');
  return paymentId;
}

describe.each(STORE_OPTIONS)('batch runs racing (%s)', (store) => {
  it(`settles every payment exactly once, whatever the interleaving (${ROUNDS} rounds)`, async () => {
    /** What became of the payment created during the race: the rounds interleave differently. */
    const racedOutcomes = new Set<string>();
    for (let round = 0; round < ROUNDS; round++) {
      rig = await startRig({ store });
      const r = rig;
      r.bank.update((state) => {
        state.behaviour.riskPolicy = { mode: 'never', thresholdMinor: 0 };
      });
      const ids = [];
      for (const [i, amount] of AMOUNTS.entries())
        ids.push(await authorisedPayment(r, amount, `Round ${round} payment ${i}`));
      const olaBefore = balanceOf(r.bank, OLA_BRUKSKONTO);
      const kariBefore = balanceOf(r.bank, KARI_BRUKSKONTO);
      // 12:00 in the first half of the rounds: the scheduled run is due as well.
      if (round < ROUNDS / 2) r.clock.advance(2 * HOUR);

      const statusPath = `/v1/payments/sepa-credit-transfers/${ids[0]}/status`;
      const inProcessRead = await r.signed('GET', statusPath);
      const newPaymentRequest = await r.signed(
        'POST',
        '/v1/payments/sepa-credit-transfers',
        EXEMPT,
        sct('55.00', `Round ${round} during the race`),
      );

      const reports: BatchReport[] = [];
      const consoleRun = () => {
        reports.push(r.bank.act((state, now) => runBatchNow(state, now)));
      };
      const overHttp = () =>
        r.send('GET', statusPath).then((exchange) => ({
          status: exchange.response!.status,
          body: exchange.response!.body,
        }));
      const starters: (() => Promise<Answer | void> | void)[] = [
        consoleRun, // at once, where the rotation puts it
        // In odd rounds the new payment comes after every console run: it stays ACTC.
        () => afterImmediates(round % 2 === 1 ? 5 : 0, () => r.bank.handle(newPaymentRequest)),
        () => r.bank.handle(inProcessRead),
        overHttp,
        () => afterMicrotasks(round, consoleRun), // between the pipeline stages
        () => r.bank.handle({ ...inProcessRead }),
        () => afterImmediates(round % 4, consoleRun), // between socket events
        overHttp,
      ];
      // The start order rotates with the round: a console run first in some, a request in others.
      const results: (Answer | void)[] = [];
      await Promise.all(
        starters
          .map((_, k) => (k + round) % starters.length)
          .map(async (i) => {
            results[i] = await starters[i]!();
          }),
      );
      const created = results[1] as Answer;
      const reads = [2, 3, 5, 7].map((i) => results[i] as Answer);
      expect(reports).toHaveLength(3);
      expect(reports.flatMap((report) => report.errors)).toEqual([]);
      for (const answer of [created, ...reads])
        expect(answer.status, answer.body).toBeLessThan(500);
      expect(created.status, created.body).toBe(201);
      for (const read of reads) {
        expect(read.status, read.body).toBe(200);
        expect(['ACTC', 'ACSC']).toContain(JSON.parse(read.body).transactionStatus);
      }

      // Every console run's report names a payment at most once, and no two runs the same one.
      const settledByConsole = reports.flatMap((report) => report.settled);
      expect(new Set(settledByConsole).size).toBe(settledByConsole.length);

      let settledSum = 0;
      for (const [i, paymentId] of ids.entries()) {
        const facts = paymentFacts(r.bank, paymentId);
        expect(facts.status, `round ${round} payment ${i}`).toBe('ACSC');
        expect(facts.history).toEqual(['RCVD', 'ACTC', 'ACSC']);
        expect(facts.debits.map((entry) => entry.amount)).toEqual([-minor(AMOUNTS[i]!)]);
        expect(facts.credits.map((entry) => entry.amount)).toEqual([minor(AMOUNTS[i]!)]);
        settledSum += minor(AMOUNTS[i]!);
      }
      const raced = r.bank
        .state()
        .payments.filter((p) => p.paymentId === JSON.parse(created.body).paymentId);
      expect(raced).toHaveLength(1);
      const racedFacts = paymentFacts(r.bank, raced[0]!.paymentId);
      expect(['ACTC', 'ACSC']).toContain(racedFacts.status);
      expect(racedFacts.debits).toHaveLength(racedFacts.status === 'ACSC' ? 1 : 0);
      expect(racedFacts.credits).toHaveLength(racedFacts.status === 'ACSC' ? 1 : 0);
      if (racedFacts.status === 'ACSC') settledSum += 5_500;
      racedOutcomes.add(racedFacts.status);

      expect(balanceOf(r.bank, OLA_BRUKSKONTO)).toEqual({
        closingBooked: olaBefore.closingBooked - settledSum,
        expected: olaBefore.expected - settledSum,
      });
      expect(balanceOf(r.bank, KARI_BRUKSKONTO)).toEqual({
        closingBooked: kariBefore.closingBooked + settledSum,
        expected: kariBefore.expected + settledSum,
      });

      // A later run changes nothing that is settled.
      r.bank.act((state, now) => runBatchNow(state, now));
      for (const paymentId of ids) expect(paymentFacts(r.bank, paymentId).debits).toHaveLength(1);

      if (r.store) {
        // The console's act() committed before it returned: the file holds what memory holds.
        await r.bank.flush();
        expect(r.store.committed()).toEqual(JSON.parse(JSON.stringify(r.bank.state())));
      }
      await r.close();
      rig = undefined;
    }
    // A console run came before the new payment's handler in some rounds and after it in others.
    expect([...racedOutcomes].sort()).toEqual(['ACSC', 'ACTC']);
  });
});

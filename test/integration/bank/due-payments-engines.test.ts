/**
 * The batch catch-up's due queue (domain/batch.ts) kept in step with the state on every engine:
 * in memory, with a SQLite file and on PostgreSQL. A payment never authorised is RJCT a day after
 * its initiation also after the state was loaded again from the store; an approval made through
 * the store's change tracking is settled at the next run; an approval undone (its change rolled
 * back) settles nothing, and the payment still expires. PostgreSQL needs Debian's server (a named
 * skip here, a failure in CI: test/support/machine.ts).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { benchRequest, benchSeal, type Seal } from '../../../bench/bank-entities';
import { buildInitialState } from '../../../main/core/bank/domain/initial-data';
import { findPayment } from '../../../main/core/bank/domain/payments';
import { approvePayment } from '../../../main/core/bank/domain/payments-approval';
import { createBank, type Bank } from '../../../main/core/bank/index';
import { BankDatabase } from '../../../main/core/bank/store/bank-database';
import { PgBankStore } from '../../../main/core/bank/store/pg-bank-store';
import { VirtualClock } from '../../../main/core/clock';
import { has } from '../../support/machine.js';
import { startPostgres, type ThrowawayPostgres } from '../../support/postgres.js';

const START = new Date('2025-03-14T10:00:00.000Z'); // between the 09:00 and 12:00 runs
const DAY = 24 * 60 * 60 * 1000;
const OLA = { customerNumber: '10000001', context: 'PRIVATE' } as const;

/** A bank on one engine; `reopen` gives a bank that loads the stored state afresh. */
interface Engine {
  open(clock: VirtualClock): Promise<{ bank: Bank; close(): Promise<void> }>;
  /** Runs a console change as the engine needs it (PostgreSQL: inside bank.exclusive). */
  act<T>(bank: Bank, operation: Parameters<Bank['act']>[0]): Promise<T>;
}

const plainAct: Engine['act'] = async (bank, operation) => bank.act(operation) as never;

let postgres: ThrowawayPostgres | undefined;
afterAll(() => postgres?.stop());

const engines: [string, boolean, () => Promise<Engine>][] = [
  [
    'SQLite',
    true,
    async () => {
      const path = join(mkdtempSync(join(tmpdir(), 'due-payments-')), 'bank.db');
      return {
        act: plainAct,
        async open(clock) {
          const database = await BankDatabase.open(path);
          const bank = createBank({ mode: 'sandbox', clock, database });
          return {
            bank,
            close: async () => (await bank.close(), database.close()),
          };
        },
      };
    },
  ],
  [
    'PostgreSQL',
    has('postgres'),
    async () => {
      postgres ??= await startPostgres();
      const url = postgres.createDatabase(`due_${Date.now()}`);
      return {
        act: (bank, operation) => bank.exclusive(async () => bank.act(operation)) as never,
        async open(clock) {
          const store = await PgBankStore.open(url, clock);
          await store.start(() => buildInitialState(clock.now(), 'sandbox'));
          const bank = createBank({ mode: 'sandbox', clock, sharedStore: store });
          return { bank, close: async () => (await bank.close(), await store.close()) };
        },
      };
    },
  ],
];

async function initiate(bank: Bank, seal: Seal, remittance: string): Promise<string> {
  const response = await bank.handle(
    benchRequest(
      seal,
      'POST',
      '/v1/payments/sepa-credit-transfers',
      {
        instructedAmount: { amount: '12.00', currency: 'NOK' },
        debtorAccount: { iban: 'NO5297100512347', currency: 'NOK' },
        creditorAccount: { iban: 'NO6997100712346', currency: 'NOK' },
        creditorName: 'Kari Nordmann',
        remittanceInformationUnstructured: remittance,
      },
      true,
    ),
  );
  expect(response.status, response.body).toBe(201);
  return (JSON.parse(response.body) as { paymentId: string }).paymentId;
}

async function statusOf(bank: Bank, seal: Seal, paymentId: string): Promise<string> {
  const response = await bank.handle(
    benchRequest(
      seal,
      'GET',
      `/v1/payments/sepa-credit-transfers/${paymentId}/status`,
      undefined,
      true,
    ),
  );
  expect(response.status, response.body).toBe(200);
  return (JSON.parse(response.body) as { transactionStatus: string }).transactionStatus;
}

describe.each(engines)('the due queue on %s', (_name, available, make) => {
  it.skipIf(!available)(
    'a payment never authorised expires after a reload; an approval is settled, one undone is not',
    async () => {
      const seal = await benchSeal();
      const engine = await make();
      const clock = new VirtualClock();
      clock.freeze(); // frozen first: a running clock set, then frozen, moves on by the time between
      clock.set(START);
      let { bank, close } = await engine.open(clock);
      const expiring = await initiate(bank, seal, 'expires');
      const approved = await initiate(bank, seal, 'approved');
      const undone = await initiate(bank, seal, 'undone');
      // A minute on: the catch-up before this request puts them in the due queue.
      clock.set(new Date(START.getTime() + 60_000));
      expect(await statusOf(bank, seal, expiring)).toBe('RCVD');

      await engine.act(bank, (state, now) =>
        approvePayment(state, findPayment(state, approved)!, OLA, now),
      );
      await expect(
        engine.act(bank, (state, now) => {
          approvePayment(state, findPayment(state, undone)!, OLA, now);
          throw new Error('the console change fails after the approval');
        }),
      ).rejects.toThrow(/fails after the approval/);

      clock.set(new Date(START.getTime() + 3 * 60 * 60 * 1000)); // 13:00, after the 12:00 run
      expect(await statusOf(bank, seal, approved)).toBe('ACSC');
      expect(await statusOf(bank, seal, undone)).toBe('RCVD');

      // Another process, or the same after a restart: the state loaded from the store.
      await close();
      ({ bank, close } = await engine.open(clock));
      clock.set(new Date(START.getTime() + DAY - 1));
      expect(await statusOf(bank, seal, expiring)).toBe('RCVD');
      clock.set(new Date(START.getTime() + DAY + 60_000));
      expect(await statusOf(bank, seal, expiring)).toBe('RJCT');
      expect(await statusOf(bank, seal, undone)).toBe('RJCT');
      const history = bank.inspect((state) => findPayment(state, expiring)!.statusHistory.at(-1));
      expect(history).toMatchObject({
        transactionStatus: 'RJCT',
        at: new Date(START.getTime() + DAY).toISOString(),
      });
      await close();
    },
    120_000,
  );
});

/**
 * Property: the three stores of the bank's state — memory, an SQLite file, PostgreSQL — are one
 * bank. Random groups of requests (consents and payments created, read, deleted; each group's
 * requests in flight together, so on a database they share one commit) get the same answers from
 * each, and leave the same state. Ids are random per bank: answers and state are compared with
 * every id replaced by the order it first appeared in. Seeded and bounded.
 * Needs Debian's PostgreSQL (a named skip here, a failure in CI: test/support/machine.ts).
 */
import fc from 'fast-check';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { benchRequest, type Seal } from '../../../bench/bank-entities';
import { buildInitialState } from '../../../main/core/bank/domain/initial-data.js';
import { createBank, type Bank } from '../../../main/core/bank/index.js';
import { BankDatabase } from '../../../main/core/bank/store/bank-database.js';
import { PgBankStore } from '../../../main/core/bank/store/pg-bank-store.js';
import { VirtualClock } from '../../../main/core/clock.js';
import { createTppIdentity } from '../../../main/core/runner/targets/embedded-target';
import { has } from '../../support/machine.js';
import { startPostgres, type ThrowawayPostgres } from '../../support/postgres.js';
import { sct } from '../concurrency/harness.js';

const SEED = 3_021;
const RUNS = 6;
const START = new Date('2030-03-04T10:00:00.000Z');

/** One request of a group; `of` picks an earlier resource by its order of creation. */
type Step =
  | { kind: 'create-consent' }
  | { kind: 'create-payment'; cents: number }
  | { kind: 'read-consent' | 'delete-consent' | 'consent-status'; of: number }
  | { kind: 'read-payment' | 'payment-status'; of: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.constant({ kind: 'create-consent' as const }),
  fc.record({
    kind: fc.constant('create-payment' as const),
    cents: fc.integer({ min: 1, max: 99_999 }),
  }),
  fc.record({
    kind: fc.constantFrom(
      'read-consent' as const,
      'delete-consent' as const,
      'consent-status' as const,
    ),
    of: fc.nat(5),
  }),
  fc.record({
    kind: fc.constantFrom('read-payment' as const, 'payment-status' as const),
    of: fc.nat(5),
  }),
);
const groups = fc.array(fc.array(step, { minLength: 1, maxLength: 5 }), {
  minLength: 1,
  maxLength: 4,
});

/** The SCA pages' random tokens (the link's, the form's), random per bank. */
const SCA_TOKEN = /([?&]t=|"(?:formToken|linkToken)":")[A-Za-z0-9_-]+/g;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

/** One bank under test, its ids in order of appearance, what it created. */
interface Engine {
  name: string;
  bank: Bank;
  ids: Map<string, string>;
  consents: string[];
  payments: string[];
  close(): Promise<void>;
}

/** `value` as JSON with every id replaced by its order of first appearance on `engine`. */
function normalised(engine: Engine, value: unknown): string {
  const text = JSON.stringify(value ?? null).replace(SCA_TOKEN, '$1…');
  return text.replace(UUID, (id) => {
    let token = engine.ids.get(id);
    if (!token) engine.ids.set(id, (token = `id-${engine.ids.size}`));
    return token;
  });
}

describe.skipIf(!has('postgres'))('memory, SQLite and PostgreSQL are one bank', () => {
  let server: ThrowawayPostgres;
  let seal: Seal;
  const folder = mkdtempSync(join(tmpdir(), 'engines-'));
  let run = 0;
  beforeAll(async () => {
    server = await startPostgres();
    seal = (await createTppIdentity()).qsealc;
  }, 120_000);
  afterAll(() => {
    server?.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  const frozenClock = () => {
    const clock = new VirtualClock();
    clock.freeze(); // frozen first: a running clock set, then frozen, moves on by the time between
    clock.set(START);
    return clock;
  };
  const initial = (clock: VirtualClock) => () => buildInitialState(clock.now(), 'sandbox');

  async function engines(): Promise<Engine[]> {
    run += 1;
    const fresh = (name: string, bank: Bank, close: () => Promise<void>): Engine => ({
      name,
      bank,
      ids: new Map(),
      consents: [],
      payments: [],
      close,
    });
    const memoryClock = frozenClock();
    const memory = createBank({
      mode: 'sandbox',
      clock: memoryClock,
      initialState: initial(memoryClock),
    });
    const fileClock = frozenClock();
    // Every entity of a large collection read again from its row at each request.
    const database = await BankDatabase.open(join(folder, `run-${run}.db`), {
      pagedEntitiesKept: 0,
    });
    const file = createBank({
      mode: 'sandbox',
      clock: fileClock,
      database,
      initialState: initial(fileClock),
    });
    const pgClock = frozenClock();
    const store = await PgBankStore.open(server.createDatabase(`engines_${run}`), pgClock, 0);
    await store.start(initial(pgClock));
    const shared = createBank({ mode: 'sandbox', clock: pgClock, sharedStore: store });
    return [
      fresh('memory', memory, () => memory.close()),
      fresh('sqlite', file, async () => {
        await file.close();
        database.close();
      }),
      fresh('postgres', shared, async () => {
        await shared.close();
        await store.close();
      }),
    ];
  }

  /** The request of `step` on `engine` (its own ids); undefined when it has no such resource. */
  function requestOf(engine: Engine, step: Step) {
    const pick = (list: string[], of: number) => (list.length ? list[of % list.length] : undefined);
    switch (step.kind) {
      case 'create-consent':
        return benchRequest(seal, 'POST', '/v1/consents', {}, true);
      case 'create-payment':
        return benchRequest(
          seal,
          'POST',
          '/v1/payments/sepa-credit-transfers',
          sct((step.cents / 100).toFixed(2), 'engines'),
          true,
        );
      case 'read-consent':
      case 'delete-consent':
      case 'consent-status': {
        const id = pick(engine.consents, step.of);
        if (!id) return undefined;
        const method = step.kind === 'delete-consent' ? 'DELETE' : 'GET';
        const suffix = step.kind === 'consent-status' ? '/status' : '';
        return benchRequest(seal, method, `/v1/consents/${id}${suffix}`, undefined, true);
      }
      default: {
        const id = pick(engine.payments, step.of);
        if (!id) return undefined;
        const suffix = step.kind === 'payment-status' ? '/status' : '';
        return benchRequest(
          seal,
          'GET',
          `/v1/payments/sepa-credit-transfers/${id}${suffix}`,
          undefined,
          true,
        );
      }
    }
  }

  /** One group on one engine, in flight together; the answers as compared. */
  async function runGroup(engine: Engine, group: Step[]): Promise<string[]> {
    const requests = group.map((step) => requestOf(engine, step));
    const responses = await Promise.all(
      requests.map((request) => (request ? engine.bank.handle(request) : undefined)),
    );
    return responses.map((response) => {
      if (!response) return 'none';
      const body = response.body ? (JSON.parse(response.body) as Record<string, unknown>) : null;
      if (response.status === 201 && typeof body?.consentId === 'string')
        engine.consents.push(body.consentId);
      if (response.status === 201 && typeof body?.paymentId === 'string')
        engine.payments.push(body.paymentId);
      return `${response.status} ${normalised(engine, body)}`;
    });
  }

  it('answers every group alike and ends in the same state', async () => {
    await fc.assert(
      fc.asyncProperty(groups, async (plan) => {
        const all = await engines();
        try {
          for (const group of plan) {
            const answers = await Promise.all(all.map((engine) => runGroup(engine, group)));
            for (const [index, engine] of all.entries())
              expect(answers[index], `${engine.name}: ${JSON.stringify(group)}`).toEqual(
                answers[0],
              );
          }
          for (const engine of all) await engine.bank.exclusive(() => undefined);
          const states = all.map((engine) => normalised(engine, engine.bank.state()));
          for (const [index, engine] of all.entries())
            expect(JSON.parse(states[index]!), `${engine.name}'s final state`).toEqual(
              JSON.parse(states[0]!),
            );
        } finally {
          for (const engine of all) await engine.close();
        }
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
  }, 300_000);
});

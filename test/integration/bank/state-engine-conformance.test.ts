/**
 * One conformance suite for every StateEngine (main/core/bank/engine/state-engine.ts), written
 * once over an engine factory and run in memory, on a SQLite file and on a throwaway PostgreSQL
 * (Debian's server: a named skip here, a failure in CI, test/support/machine.ts). What a durable
 * engine promises beyond memory (a failed group rolled back, a reopen keeps every acknowledged
 * write, a read writes nothing) is asked of the durable ones.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openStateEngine } from '../../../main/core/bank/engine/open-state-engine.js';
import type { SqliteEngine } from '../../../main/core/bank/engine/sqlite-engine.js';
import type { RequestOutcome, StateEngine } from '../../../main/core/bank/engine/state-engine.js';
import { buildInitialState } from '../../../main/core/bank/domain/initial-data.js';
import type { DomainState } from '../../../main/core/bank/domain/model.js';
import type { BankRequest } from '../../../main/core/bank/http/messages.js';
import { VirtualClock } from '../../../main/core/clock.js';
import { has } from '../../support/machine.js';
import { startPostgres, type ThrowawayPostgres } from '../../support/postgres.js';

const START = new Date('2025-03-14T10:00:00.000Z');

/** A store of one engine: `open` opens (again) the engine on it. */
interface Store {
  open(): Promise<StateEngine>;
  /** Rows written so far to the store (for a read that must write none); none in memory. */
  writes?(engine: StateEngine): Promise<number>;
}

interface Subject {
  name: string;
  available: boolean;
  durable: boolean;
  store(): Promise<Store>;
}

let postgres: ThrowawayPostgres | undefined;
afterAll(() => postgres?.stop());

function clockAt(): VirtualClock {
  const clock = new VirtualClock();
  clock.freeze(); // frozen first: a running clock set, then frozen, moves on by the time between
  clock.set(START);
  return clock;
}

// On a file, no entity of a large collection stays in the process between requests: each is
// read again from its row (store/paged-rows.ts), and the engine must not tell.
const open = async (db: string | undefined) =>
  (await openStateEngine({ db, mode: 'sandbox', clock: clockAt(), pagedEntitiesKept: 0 })).engine;

const SUBJECTS: Subject[] = [
  {
    name: 'memory',
    available: true,
    durable: false,
    store: async () => ({ open: () => open(undefined) }),
  },
  {
    name: 'SQLite',
    available: true,
    durable: true,
    async store() {
      const path = join(mkdtempSync(join(tmpdir(), 'state-engine-')), 'bank.db');
      return {
        open: () => open(path),
        async writes(engine) {
          const { db } = (engine as SqliteEngine).database;
          return db.prepare('SELECT total_changes()').pluck().get() as number;
        },
      };
    },
  },
  {
    name: 'PostgreSQL',
    available: has('postgres'),
    durable: true,
    async store() {
      postgres ??= await startPostgres();
      const url = postgres.createDatabase(
        `engine_${Date.now()}_${Math.floor(Math.random() * 1e6)}`,
      );
      return {
        open: () => open(url),
        // The committed version: every commit that wrote anything takes the next one.
        async writes() {
          const client = new pg.Client({ connectionString: url });
          await client.connect();
          try {
            const { rows } = await client.query<{ value: string }>(
              `SELECT value FROM bank_settings WHERE name = 'version'`,
            );
            return Number(rows[0]?.value ?? 0);
          } finally {
            await client.end();
          }
        },
      };
    },
  },
];

const request = (method: string): BankRequest => ({
  method,
  target: '/v1/accounts',
  headers: {},
  body: Buffer.alloc(0),
});

const nameOf = (state: DomainState) => state.accounts[0]!.accountName;
const rename = (state: DomainState, name: string) => {
  state.accounts[0]!.accountName = name;
};
const transactionIds = (state: DomainState) =>
  state.ledger.allAccountTransactions().map((entry) => entry.id);

/** A console change as an admin API call makes it (inside exclusive, as PostgreSQL needs). */
const consoleChange = <T>(engine: StateEngine, operation: () => T) =>
  engine.exclusive(() => engine.change(operation));

/** One request whose pipeline runs `work` on the engine's live state. */
function send(
  engine: StateEngine,
  method: string,
  work: (state: DomainState) => void,
  failed = false,
): Promise<RequestOutcome<{ failed: boolean }>> {
  return engine.run(request(method), async () => {
    work(engine.state);
    return { failed };
  });
}

describe.each(SUBJECTS)('the $name state engine', ({ available, durable, store: makeStore }) => {
  /** An engine on a new store, and a way to close it and open it again on the same store. */
  async function fresh() {
    const store = await makeStore();
    let engine = await store.open();
    return {
      store,
      get engine() {
        return engine;
      },
      async reopen() {
        await engine.close();
        engine = await store.open();
        return engine;
      },
      close: () => engine.close(),
    };
  }

  it.skipIf(!available)('replace: the next state is the live one, and the stored one', async () => {
    const subject = await fresh();
    const next = buildInitialState(START, 'sandbox');
    rename(next, 'Replaced');
    const [gone] = transactionIds(next);
    next.ledger.removeAccountTransaction(gone!);
    await consoleChange(subject.engine, () => subject.engine.replace(next));
    for (const state of [subject.engine.state, subject.engine.raw]) {
      expect(nameOf(state)).toBe('Replaced');
      expect(transactionIds(state)).not.toContain(gone);
    }
    if (durable) {
      const reopened = await subject.reopen();
      expect(nameOf(reopened.state)).toBe('Replaced');
      expect(transactionIds(reopened.state)).not.toContain(gone);
    }
    await subject.close();
  });

  it.skipIf(!available)("a request group's writes are there once it is answered", async () => {
    const subject = await fresh();
    const [gone] = transactionIds(subject.engine.state);
    const outcome = await send(subject.engine, 'POST', (state) => {
      rename(state, 'Written by a request');
      state.ledger.removeAccountTransaction(gone!);
    });
    expect(outcome.failure).toBeUndefined();
    expect(nameOf(subject.engine.raw)).toBe('Written by a request');
    expect(transactionIds(subject.engine.raw)).not.toContain(gone);
    if (durable) {
      const reopened = await subject.reopen();
      expect(nameOf(reopened.state)).toBe('Written by a request');
      expect(transactionIds(reopened.state)).not.toContain(gone);
    }
    await subject.close();
  });

  it.skipIf(!available || !durable)(
    'a group in which a pipeline failed keeps none of its writes (rolled back)',
    async () => {
      const subject = await fresh();
      const name = nameOf(subject.engine.state);
      const [gone] = transactionIds(subject.engine.state);
      // Sent in the same turn: one group.
      const [first, second] = await Promise.all([
        send(subject.engine, 'POST', (state) => rename(state, 'Lost with its group')),
        send(subject.engine, 'POST', (state) => state.ledger.removeAccountTransaction(gone!), true),
      ]);
      expect(first.failure, 'the group member that did not fail is not kept either').toBeDefined();
      expect(first.kept).toBe(false);
      expect(second.run?.failed).toBe(true);
      expect(nameOf(subject.engine.state)).toBe(name);
      expect(transactionIds(subject.engine.state)).toContain(gone);
      const reopened = await subject.reopen();
      expect(nameOf(reopened.state)).toBe(name);
      expect(transactionIds(reopened.state)).toContain(gone);
      await subject.close();
    },
  );

  it.skipIf(!available)(
    'a console change is atomic: one that throws keeps none of its writes, one that returns is kept',
    async () => {
      const subject = await fresh();
      const engine = subject.engine;
      const name = nameOf(engine.state);
      const [gone, alsoGone] = transactionIds(engine.state);
      await expect(
        consoleChange(engine, () => {
          engine.state.ledger.removeAccountTransaction(gone!);
          // In memory entities are changed in place (update works on a draft of them).
          if (durable) rename(engine.state, 'Half a change');
          throw new Error('the change fails half way');
        }),
      ).rejects.toThrow(/half way/);
      expect(transactionIds(engine.raw)).toContain(gone);
      expect(nameOf(engine.raw)).toBe(name);
      await consoleChange(engine, () => {
        engine.state.ledger.removeAccountTransaction(alsoGone!);
        rename(engine.state, 'A whole change');
      });
      expect(transactionIds(engine.raw)).not.toContain(alsoGone);
      if (durable) {
        const reopened = await subject.reopen();
        expect(transactionIds(reopened.state)).toContain(gone);
        expect(transactionIds(reopened.state)).not.toContain(alsoGone);
        expect(nameOf(reopened.state)).toBe('A whole change');
      }
      await subject.close();
    },
  );

  it.skipIf(!available)('exclusive: no request group runs while its work does', async () => {
    const subject = await fresh();
    const engine = subject.engine;
    let inside = false;
    const seen: boolean[] = [];
    let begun!: () => void;
    const working = new Promise<void>((resolve) => (begun = resolve));
    const exclusive = engine.exclusive(async () => {
      inside = true;
      begun();
      // Work that waits (as an admin call waits for the bank's flush) is still alone.
      for (let i = 0; i < 3; i += 1) await new Promise((resolve) => setImmediate(resolve));
      inside = false;
    });
    await working;
    const requests = [
      send(engine, 'POST', () => seen.push(inside)),
      send(engine, 'GET', () => seen.push(inside)),
    ];
    await Promise.all([exclusive, ...requests]);
    expect(seen).toEqual([false, false]);
    await subject.close();
  });

  it.skipIf(!available || !durable)(
    'flush, close and reopen: every acknowledged write is kept',
    async () => {
      const subject = await fresh();
      const ids = transactionIds(subject.engine.state).slice(0, 6);
      const outcomes = await Promise.all(
        ids.map((id) =>
          send(subject.engine, 'DELETE', (state) => state.ledger.removeAccountTransaction(id)),
        ),
      );
      expect(outcomes.map((outcome) => outcome.failure)).toEqual(ids.map(() => undefined));
      await subject.engine.flush();
      const reopened = await subject.reopen();
      for (const id of ids) expect(transactionIds(reopened.state)).not.toContain(id);
      await subject.close();
    },
  );

  it.skipIf(!available)('a GET that writes only a ledger row keeps it', async () => {
    const subject = await fresh();
    const [gone] = transactionIds(subject.engine.state);
    const outcome = await send(subject.engine, 'GET', (state) =>
      state.ledger.removeAccountTransaction(gone!),
    );
    expect(outcome.failure).toBeUndefined();
    expect(transactionIds(subject.engine.raw)).not.toContain(gone);
    // A second read finds it gone too: the change was not left open behind the first.
    await send(subject.engine, 'GET', () => undefined);
    if (durable) {
      await subject.engine.flush();
      const reopened = await subject.reopen();
      expect(transactionIds(reopened.state)).not.toContain(gone);
    }
    await subject.close();
  });

  it.skipIf(!available || !durable)('a read-only request writes nothing', async () => {
    const subject = await fresh();
    const before = await subject.store.writes!(subject.engine);
    let read: string | undefined;
    const outcome = await send(subject.engine, 'GET', (state) => (read = nameOf(state)));
    expect(outcome.failure).toBeUndefined();
    expect(read).toBe(nameOf(subject.engine.raw));
    await subject.engine.flush();
    expect(await subject.store.writes!(subject.engine)).toBe(before);
    await subject.close();
  });
});

describe('the SQLite state engine, a console change during a request', () => {
  it("joins the request's transaction, begun at the change even before the request wrote a row: a failed request keeps neither", async () => {
    const store = await SUBJECTS.find((subject) => subject.name === 'SQLite')!.store();
    const engine = await store.open();
    const name = nameOf(engine.state);
    const [gone] = transactionIds(engine.state);
    const outcome = await send(
      engine,
      'POST',
      (state) => {
        // An entity written (tracked, no row yet), then the change between the request's stages.
        rename(state, 'Lost with the request');
        engine.change(() => state.ledger.removeAccountTransaction(gone!));
      },
      true,
    );
    expect(outcome.kept).toBe(false);
    expect(nameOf(engine.state)).toBe(name);
    expect(transactionIds(engine.state)).toContain(gone);
    await engine.close();
    const reopened = await store.open();
    expect(nameOf(reopened.state)).toBe(name);
    expect(transactionIds(reopened.state)).toContain(gone);
    await reopened.close();
  });
});

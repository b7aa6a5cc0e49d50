/**
 * The bank's database file (store/bank-database.ts): a file of an
 * older schema is migrated, an unreadable one is refused and moved aside, and a change whose commit
 * fails (a full disk, a read-only file) changes nothing, answers 503 SYSTEM_ERROR, and is carried
 * out once when sent again.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import Database from 'better-sqlite3';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAdminApi } from '../../../main/core/bank/admin/admin-api.js';
import { createBank } from '../../../main/core/bank/bank.js';
import type { DomainSnapshot } from '../../../main/core/bank/state.js';
import { BankDatabase } from '../../../main/core/bank/store/bank-database.js';
import { BANK_SCHEMA_VERSION } from '../../../main/core/bank/domain/schema.js';
import { VirtualClock } from '../../../main/core/clock.js';
import { DatabaseFileError, schemaVersion } from '../../../main/core/persistence/sqlite-file.js';
import { OLA, expectStatus, json, sct, startRig, type Rig } from '../concurrency/harness.js';

const FIXTURE_V1 = 'test/fixtures/bank-db/schema-v1.db';
const folder = () => mkdtempSync(join(tmpdir(), 'bank-db-'));

describe('schema versions', () => {
  it('migrates a version 1 file to the current schema and keeps its state', async () => {
    const path = join(folder(), 'v1.db');
    copyFileSync(FIXTURE_V1, path);
    expect(schemaVersion(new Database(path, { readonly: true }))).toBe(1);
    const database = await BankDatabase.open(path);
    expect(schemaVersion(database.db)).toBe(BANK_SCHEMA_VERSION);
    const indexes = database.db
      .prepare(`SELECT name FROM sqlite_master WHERE type = 'index'`)
      .pluck()
      .all();
    expect(indexes).toContain('account_transactions_by_day'); // added by migration 2
    expect(indexes).toContain('bank_entities_consents_consentId'); // added by migration 6
    const bank = createBank({ mode: 'sandbox', clock: new VirtualClock(), database });
    const state = bank.state();
    expect(state.customers.length).toBeGreaterThan(0);
    expect(state.cardTransactions.map((t) => t.cardTransactionId)).toContain(
      'written-by-schema-v1',
    );
    // Migrations 3 and 4 counted the transactions the file already held, per account, status, day.
    const read = (sql: string) => database.db.prepare(sql).raw().all();
    for (const table of ['card_transactions', 'account_transactions']) {
      const days = `${table.replace(/s$/, '')}_days`;
      expect(
        read(`SELECT account_id, status, booking_day, entries FROM ${days} ORDER BY 1, 2, 3`),
      ).toEqual(
        read(`SELECT account_id, status, booking_day, count(*) FROM ${table}
              GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`),
      );
    }
    database.close();
  });

  it('takes an empty file (version 0, no version table) as a new database', async () => {
    const path = join(folder(), 'empty.db');
    writeFileSync(path, '');
    const database = await BankDatabase.open(path);
    expect([schemaVersion(database.db), database.hasState()]).toEqual([BANK_SCHEMA_VERSION, false]);
    database.close();
  });

  it('refuses a file of a newer schema than this program knows, without moving it', async () => {
    const path = join(folder(), 'newer.db');
    copyFileSync(FIXTURE_V1, path);
    const db = new Database(path);
    db.exec('UPDATE schema_version SET version = 99');
    db.close();
    await expect(BankDatabase.open(path)).rejects.toThrow(/schema version 99, newer than/);
    expect(existsSync(path)).toBe(true);
  });
});

describe('an unreadable database file', () => {
  it('is refused with a message naming it, and moved aside, never replaced', async () => {
    const path = join(folder(), 'bank.db');
    const garbage = 'this is not a database\n'.repeat(400);
    writeFileSync(path, garbage);
    const failure = await BankDatabase.open(path).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(DatabaseFileError);
    const { message, movedTo } = failure as DatabaseFileError;
    expect(message).toContain(path);
    expect(message).toContain(movedTo!);
    expect(existsSync(path), 'no new database in its place').toBe(false);
    expect(readFileSync(movedTo!, 'utf8')).toBe(garbage);
  });
});

let rig: Rig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

const EXEMPT = { 'x-accept-fix': 'amount-as-string', 'X-PSU-IDENTITY': OLA.nationalIdentityNumber };

describe('a failed commit', () => {
  it.each([
    [
      'a full disk (max_page_count reached)',
      (db: Database.Database) => {
        db.exec('VACUUM'); // packed pages: a new row needs a new page
        db.pragma(`max_page_count = ${db.pragma('page_count', { simple: true }) as number}`);
      },
      (db: Database.Database) => db.pragma('max_page_count = 1073741823'),
      'SQLITE_FULL',
    ],
    [
      'a read-only database',
      (db: Database.Database) => db.pragma('query_only = 1'),
      (db: Database.Database) => db.pragma('query_only = 0'),
      'SQLITE_READONLY',
    ],
  ])('(%s) creates no payment; the retry creates it once', async (_, fail, heal, code) => {
    rig = await startRig({ store: 'database file' });
    const r = rig;
    r.bank.update((state) => {
      state.behaviour.riskPolicy = { mode: 'never', thresholdMinor: 0 };
    });
    const payments = () => r.bank.state().payments.length;
    const committed = () => r.store!.committed().payments.length;
    const before = payments();
    const body = sct('12.34', 'Sent twice');
    fail(r.store!.database.db);
    const refused = await r.send('POST', '/v1/payments/sepa-credit-transfers', EXEMPT, body);
    expect(refused.response?.status).toBe(503);
    expect(json(refused).tppMessages[0]).toMatchObject({ code: 'SYSTEM_ERROR' });
    expect(json(refused).tppMessages[0].text).toContain(code);
    expect([payments(), committed()]).toEqual([before, before]);
    heal(r.store!.database.db);
    const created = await r.send('POST', '/v1/payments/sepa-credit-transfers', EXEMPT, body);
    expectStatus(created, 201);
    expect([payments(), committed()]).toEqual([before + 1, before + 1]);
    const read = await r.send(
      'GET',
      `/v1/payments/sepa-credit-transfers/${json(created).paymentId}`,
    );
    expectStatus(read, 200);
  });
});

describe('an SCA page whose step could not be saved', () => {
  it("answers the PSU's browser an HTML page, 503 with Retry-After, never JSON", async () => {
    rig = await startRig({ store: 'database file' });
    const database = rig.store!.database;
    const full = Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
    vi.spyOn(database, 'commit').mockImplementationOnce(() => {
      throw full;
    });
    const page = await rig.bank.handle({
      method: 'GET',
      target: '/sca/no-such-authorisation',
      headers: { host: 'localhost' },
      body: Buffer.alloc(0),
    });
    expect(page.status).toBe(503);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['retry-after']).toBe('1');
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(String(page.body)).toMatch(/^<!DOCTYPE html>/i);
    expect(String(page.body)).toContain('reload this page');
    expect(String(page.body)).not.toContain('tppMessages');
  });
});

describe('admin changes on a failing disk', () => {
  const TOKEN = 'admin-token-for-tests-0123456789';
  const fullDisk = (db: Database.Database) => {
    db.exec('VACUUM');
    db.pragma(`max_page_count = ${db.pragma('page_count', { simple: true }) as number}`);
  };

  it('POST /admin/reset and PUT /admin/snapshot answer 503 with Retry-After, as the PSD2 routes', async () => {
    rig = await startRig({ store: 'database file' });
    const r = rig;
    const admin = createAdminApi({
      bank: r.bank,
      clock: r.clock,
      token: TOKEN,
      maxBodyBytes: 1 << 20,
    });
    const call = (method: string, target: string, body = '') =>
      admin({
        method,
        target,
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
        body: Buffer.from(body),
      });
    r.bank.update((state) => {
      state.behaviour.riskPolicy = { mode: 'never', thresholdMinor: 0 };
    });
    for (let i = 0; i < 20; i++)
      expectStatus(
        await r.send(
          'POST',
          '/v1/payments/sepa-credit-transfers',
          EXEMPT,
          sct('5.00', `Kept ${i}`),
        ),
        201,
      );
    const snapshot = JSON.stringify(r.bank.exportSnapshot());
    expect((await call('POST', '/admin/reset'))!.status).toBe(200);
    const before = r.bank.state();
    const db = r.store!.database.db;
    for (const [method, target, body, fail, heal, code] of [
      // The snapshot holds more than the state: the file must grow, and cannot.
      [
        'PUT',
        '/admin/snapshot',
        snapshot,
        fullDisk,
        (d: Database.Database) => d.pragma('max_page_count = 1073741823'),
        'SQLITE_FULL',
      ],
      [
        'POST',
        '/admin/reset',
        '',
        (d: Database.Database) => d.pragma('query_only = 1'),
        (d: Database.Database) => d.pragma('query_only = 0'),
        'SQLITE_READONLY',
      ],
    ] as const) {
      fail(db);
      const answer = (await call(method, target, body))!;
      heal(db);
      expect(answer.status, `${method} ${target}: ${answer.body}`).toBe(503);
      expect(answer.headers['retry-after']).toBe('1');
      const error = JSON.parse(answer.body as string).error;
      expect(error.code).toBe('SERVICE_UNAVAILABLE');
      expect(error.message).toContain(`could not save this change (${code}`);
      expect(r.bank.state()).toEqual(before);
      expect(r.store!.committed().payments).toEqual(before.payments);
    }
    expect((await call('PUT', '/admin/snapshot', snapshot))!.status).toBe(200);
    expect(r.bank.state().payments).toHaveLength(20);
  });
});

describe('a failed group commit', () => {
  // Group commit (bank.ts): the requests whose pipelines ran in one event-loop turn share one
  // commit. When it fails, every one of them is rolled back and answers 503 (§7, send again).
  it.each([
    [
      'a full disk (max_page_count reached)',
      (db: Database.Database) => {
        db.exec('VACUUM');
        db.pragma(`max_page_count = ${db.pragma('page_count', { simple: true }) as number}`);
      },
      (db: Database.Database) => db.pragma('max_page_count = 1073741823'),
    ],
    [
      'a read-only database',
      (db: Database.Database) => db.pragma('query_only = 1'),
      (db: Database.Database) => db.pragma('query_only = 0'),
    ],
  ])(
    '(%s) answers every request of the group 503 and keeps none of them',
    async (_, fail, heal) => {
      rig = await startRig({ store: 'database file' });
      const r = rig;
      r.bank.update((state) => {
        state.behaviour.riskPolicy = { mode: 'never', thresholdMinor: 0 };
      });
      const remittances = ['Group one', 'Group two', 'Group three', 'Group four'];
      const requests = await Promise.all(
        remittances.map((text) =>
          r.signed('POST', '/v1/payments/sepa-credit-transfers', EXEMPT, sct('5.00', text)),
        ),
      );
      const created = (payments: DomainSnapshot['payments']) =>
        remittances.map(
          (text) => payments.filter((p) => JSON.stringify(p).includes(`"${text}"`)).length,
        );
      const database = r.store!.database;
      const commit = vi.spyOn(database, 'commit');
      fail(database.db);
      // All in one turn: one group, one commit.
      const refused = await Promise.all(requests.map((request) => r.bank.handle(request)));
      expect(commit, 'the four requests shared one commit').toHaveBeenCalledTimes(1);
      for (const response of refused) {
        expect(response.status).toBe(503);
        expect(response.headers['retry-after']).toBe('1');
        expect(JSON.parse(response.body).tppMessages[0].code).toBe('SYSTEM_ERROR');
      }
      expect(created(r.bank.state().payments), 'in memory').toEqual([0, 0, 0, 0]);
      expect(created(r.store!.committed().payments), 'in the file').toEqual([0, 0, 0, 0]);
      heal(database.db);
      const retried = await Promise.all(requests.map((request) => r.bank.handle(request)));
      expect(retried.map((response) => response.status)).toEqual([201, 201, 201, 201]);
      expect(created(r.bank.state().payments), 'in memory').toEqual([1, 1, 1, 1]);
      expect(created(r.store!.committed().payments), 'in the file').toEqual([1, 1, 1, 1]);
    },
  );
});

/**
 * The shared log's writer (store/pg-shared-log.ts): exchanges are queued when settled
 * and written behind in one INSERT per flush; a failed write neither throws nor loses the batch,
 * which goes with the next flush, and stderr hears of it once.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAdminApi } from '../../../../main/core/bank/admin/admin-api.js';
import { createBank } from '../../../../main/core/bank/bank.js';
import type { ExchangeRecord } from '../../../../main/core/bank/log/request-log.js';
import { VirtualClock } from '../../../../main/core/clock.js';
import {
  FLUSH_DELAY_MS,
  PgSharedLog,
  RETRY_DELAY_MS,
  ROWS_PER_STATEMENT,
  type LogConnection,
} from '../../../../main/core/bank/store/pg-shared-log.js';

/** A connection that records its statements and fails while `down`. */
class FakeConnection implements LogConnection {
  down = false;
  /** The next INSERT is refused for its data (SQLSTATE 22…). */
  refuseData = false;
  /** After this many INSERTs the next one fails: its data refused, or the connection down. */
  failAfter: { inserts: number; refused: boolean } | undefined;
  /** The stored records (JSON) of each INSERT's exchanges. */
  readonly inserts: string[][] = [];
  async query<Row>(text: string, values: unknown[] = []): Promise<{ rows: Row[] }> {
    if (this.down) throw new Error('connection refused');
    if (/^(WITH|INSERT)/.test(text) && this.inserts.length === this.failAfter?.inserts) {
      if (this.failAfter.refused) this.refuseData = true;
      else this.down = true;
      this.failAfter = undefined;
    }
    if (this.down) throw new Error('connection refused');
    if (this.refuseData) {
      this.refuseData = false;
      throw Object.assign(new Error('invalid input syntax'), { code: '22P02' });
    }
    const exchanges =
      /INSERT INTO bank_exchanges \(arrived_at, record, judgement\) VALUES (.*)$/s.exec(text);
    // Each exchange row is ($a, $b, $c): arrived_at, record, judgement.
    if (exchanges)
      this.inserts.push(
        [...exchanges[1]!.matchAll(/\(\$\d+, \$(\d+), \$\d+\)/g)].map(
          ([, record]) => values[Number(record) - 1] as string,
        ),
      );
    return { rows: [] };
  }
  async end(): Promise<void> {}
}

const exchange = (id: number): ExchangeRecord => ({
  id,
  mode: 'sandbox',
  receivedAt: '2026-01-01T00:00:00.000Z',
  arrivedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, id)).toISOString(),
  durationMs: 1,
  stageTimings: {},
  request: { method: 'GET', target: `/v1/accounts?n=${id}`, headers: {}, bodySize: 0 },
  response: { status: 200, headers: {}, body: undefined },
});

/** The request targets of one INSERT's exchanges. */
const targets = (records: string[]) =>
  records.map((text) => (JSON.parse(text) as ExchangeRecord).request.target);

describe('the shared log writer', () => {
  let connection: FakeConnection;
  let warnings: string[];
  let log: PgSharedLog;
  let connects: number;

  beforeEach(() => {
    vi.useFakeTimers();
    connection = new FakeConnection();
    warnings = [];
    connects = 0;
    log = new PgSharedLog({
      connect: async () => {
        connects++;
        if (connection.down) throw new Error('the server is starting up');
        return connection;
      },
      routes: [],
      bank: { mode: 'sandbox' },
      requestCapacity: 500,
      eventCapacity: 500,
      warn: (line) => warnings.push(line),
    });
  });
  afterEach(() => vi.useRealTimers());

  it('writes behind: nothing while a request is settled, one INSERT for the exchanges queued', async () => {
    log.addExchange({ record: exchange(1) });
    log.addExchange({ record: exchange(2) });
    expect(connects).toBe(0);
    await vi.advanceTimersByTimeAsync(FLUSH_DELAY_MS);
    expect(connection.inserts).toHaveLength(1);
    expect(targets(connection.inserts[0]!)).toEqual(['/v1/accounts?n=1', '/v1/accounts?n=2']);
    // The row's id is the database's: the process's own number is not stored.
    expect(JSON.parse(connection.inserts[0]![0]!)).not.toHaveProperty('id');
  });

  it('keeps a batch whose INSERT failed and writes it with the next flush, saying so once', async () => {
    connection.down = true;
    log.addExchange({ record: exchange(1) });
    await expect(log.flush()).resolves.toBeUndefined();
    log.addExchange({ record: exchange(2) });
    await log.flush();
    expect(connection.inserts).toHaveLength(0);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/could not be written to PostgreSQL \(the server is starting up\)/);

    connection.down = false;
    log.addExchange({ record: exchange(3) });
    await log.flush();
    expect(connection.inserts).toHaveLength(1);
    expect(targets(connection.inserts[0]!)).toEqual([
      '/v1/accounts?n=1',
      '/v1/accounts?n=2',
      '/v1/accounts?n=3',
    ]);
    expect(warnings.slice(1)).toEqual(['the shared request log is written to PostgreSQL again']);
  });

  it('drops a batch PostgreSQL refuses for its data, so it does not hold up the next', async () => {
    connection.refuseData = true;
    log.addExchange({ record: exchange(1) });
    await log.flush();
    log.addExchange({ record: exchange(2) });
    await log.flush();
    expect(connection.inserts.map(targets)).toEqual([['/v1/accounts?n=2']]);
    expect(warnings).toEqual([
      'the shared request log dropped 1 records PostgreSQL refused (invalid input syntax)',
    ]);
  });

  it('says the log is written again only once something was written', async () => {
    connection.down = true;
    log.addExchange({ record: exchange(1) });
    await log.flush();
    connection.down = false;
    connection.refuseData = true;
    await log.flush();
    expect(warnings.some((line) => line.includes('written to PostgreSQL again'))).toBe(false);
    log.addExchange({ record: exchange(2) });
    await log.flush();
    expect(connection.inserts.map(targets)).toEqual([['/v1/accounts?n=2']]);
    expect(warnings.at(-1)).toBe('the shared request log is written to PostgreSQL again');
  });

  it('writes a large batch in INSERTs of ROWS_PER_STATEMENT rows, in order', async () => {
    const count = 2 * ROWS_PER_STATEMENT + 1;
    for (let id = 1; id <= count; id += 1) log.addExchange({ record: exchange(id) });
    await log.flush();
    expect(connection.inserts.map((records) => records.length)).toEqual([
      ROWS_PER_STATEMENT,
      ROWS_PER_STATEMENT,
      1,
    ]);
    expect(connection.inserts.flatMap(targets)).toEqual(
      Array.from({ length: count }, (_, at) => `/v1/accounts?n=${at + 1}`),
    );
  });

  it('keeps only what was not written when a later INSERT of a batch fails: none twice', async () => {
    const count = 2 * ROWS_PER_STATEMENT;
    for (let id = 1; id <= count; id += 1) log.addExchange({ record: exchange(id) });
    connection.failAfter = { inserts: 1, refused: false };
    await log.flush();
    expect(connection.inserts).toHaveLength(1);
    connection.down = false;
    await log.flush();
    expect(connection.inserts.flatMap(targets)).toEqual(
      Array.from({ length: count }, (_, at) => `/v1/accounts?n=${at + 1}`),
    );
  });

  it('drops only the rows of the INSERT PostgreSQL refused, and writes the rest', async () => {
    const count = 2 * ROWS_PER_STATEMENT + 1;
    for (let id = 1; id <= count; id += 1) log.addExchange({ record: exchange(id) });
    connection.failAfter = { inserts: 1, refused: true };
    await log.flush();
    expect(connection.inserts.map((records) => records.length)).toEqual([ROWS_PER_STATEMENT, 1]);
    expect(targets(connection.inserts[1]!)).toEqual([`/v1/accounts?n=${count}`]);
    expect(warnings).toEqual([
      `the shared request log dropped ${ROWS_PER_STATEMENT} records PostgreSQL refused (invalid input syntax)`,
    ]);
  });

  it('retries a failed INSERT on its own when no other exchange comes', async () => {
    log.addExchange({ record: exchange(1) });
    connection.down = true;
    await vi.advanceTimersByTimeAsync(FLUSH_DELAY_MS);
    expect(connection.inserts).toHaveLength(0);
    connection.down = false;
    await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS);
    expect(connection.inserts.map(targets)).toEqual([['/v1/accounts?n=1']]);
  });

  it('close writes what is queued and says what it could not write', async () => {
    log.addExchange({ record: exchange(1) });
    await log.close();
    expect(connection.inserts.map(targets)).toEqual([['/v1/accounts?n=1']]);
    const failing = new PgSharedLog({
      connect: async () => Promise.reject(new Error('no route to host')),
      routes: [],
      bank: { mode: 'sandbox' },
      requestCapacity: 500,
      eventCapacity: 500,
      warn: (line) => warnings.push(line),
    });
    failing.addExchange({ record: exchange(2) });
    await failing.close();
    expect(warnings.at(-1)).toMatch(/stops with 1 records of the shared request log not written/);
  });

  it('answers a read the database cannot make with 503 at the admin API, naming the cause', async () => {
    connection.down = true;
    await expect(log.requests(10)).rejects.toThrow(
      /shared request log in PostgreSQL could not be read: the server is starting up/,
    );
    const clock = new VirtualClock();
    const bank = createBank({ mode: 'sandbox', clock });
    const token = 'admin-token-for-tests-0123456789';
    const api = createAdminApi({
      bank: Object.create(bank, { logs: { value: log } }) as typeof bank,
      clock,
      token,
      maxBodyBytes: 1024,
    });
    vi.useRealTimers();
    for (const target of ['/admin/requests', '/admin/events', '/admin/report']) {
      const answer = await api({
        method: 'GET',
        target,
        headers: { authorization: `Bearer ${token}` },
        body: Buffer.alloc(0),
      });
      expect(answer?.status, target).toBe(503);
      expect(answer?.headers['retry-after']).toBe('1');
      expect(JSON.parse(answer!.body).error.message).toMatch(/could not be read/);
    }
  });
});

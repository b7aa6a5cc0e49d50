/**
 * The request log, the console events and the TPP findings of a sandbox served by several bank
 * processes on one PostgreSQL database ("every piece of state a TPP or PSU can observe
 * … the request log and TPP findings — lives in the database"). The admin API of any process
 * answers those of all of them (log/bank-logs.ts); docs/ci.md says what is guaranteed.
 *
 * Write-behind, on a connection of its own (not the state's, which holds the sandbox's lock
 * during requests): an exchange or event is queued in memory when it is settled and written
 * within FLUSH_DELAY_MS with the others queued, one INSERT per flush (one per ROWS_PER_STATEMENT
 * rows of each log in a larger one), never on an answer's path.
 * A failed write keeps the batch for the next flush (and says so on stderr once); the bank
 * serves on. A read first writes this process's queue, so a caller sees its own requests.
 * The tables stay bounded: the oldest rows beyond the logs' capacity are removed once the
 * findings checkpoint covers them (pg-shared-findings.ts).
 */
import { LogUnavailableError, type BankLogs, type LogPage } from '../log/bank-logs.js';
import type { ConsoleEventRecord } from '../log/console-events.js';
import type { ExchangeRecord } from '../log/request-log.js';
import type { TppReport } from '../log/tpp-findings/model.js';
import type { Observation } from '../log/tpp-findings/recorder.js';
import type { RouteDefinition } from '../context/request-context.js';
import {
  clearSharedFindings,
  judgeSharedExchanges,
  judgementJson,
  type FindingsContext,
  type LogConnection,
} from './pg-shared-findings.js';
import { valuesList } from './pg-values.js';
import {
  certificateRows,
  SharedCertificates,
  type CertificateRow,
} from './pg-shared-certificates.js';

export type { LogConnection } from './pg-shared-findings.js';

/** How long a settled exchange waits for others to share its INSERT. */
export const FLUSH_DELAY_MS = 20;
/**
 * Rows of each log one INSERT writes at most: three parameters an exchange, two an event, well
 * under a statement's MAX_PARAMETERS (pg-values.ts).
 */
export const ROWS_PER_STATEMENT = 1_000;
/** After a failed write, the next try comes this much later (or with the next flush). */
export const RETRY_DELAY_MS = 1_000;
/** Exchanges written by this process between two moves of the findings checkpoint. */
const CHECKPOINT_EVERY = 2_000;
/**
 * Records kept while the database cannot be written (each is an exchange as the log holds it);
 * beyond, the oldest are dropped and stderr says how many.
 */
export const MAX_QUEUED = 20_000;

export interface SharedLogOptions {
  /** Opens the log's own connection; `lost` is called when it breaks (the next use reconnects). */
  connect(lost: () => void): Promise<LogConnection>;
  routes: readonly RouteDefinition[];
  /** The bank a report names. */
  bank: { mode: string; url?: () => string | undefined };
  /** The request log's and the console event log's capacity: the latest rows kept. */
  requestCapacity: number;
  eventCapacity: number;
  /** A line for stderr. */
  warn(line: string): void;
  /** Wall-clock milliseconds; Date.now by default. */
  now?: () => number;
}

/** Opens a pg.Client on `url` (the driver loaded only now, like pg-bank-store.ts's). */
export function pgLogConnection(url: string): SharedLogOptions['connect'] {
  return async (lost) => {
    const { default: driver } = await import('pg');
    const client = new driver.Client({ connectionString: url });
    // Without a listener a dropped connection would be an uncaught 'error' that ends the bank.
    client.on('error', lost);
    client.on('end', lost);
    try {
      await client.connect();
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    return {
      query: async <Row>(text: string, values?: unknown[]) =>
        (await client.query(text, values)) as unknown as { rows: Row[] },
      end: () => client.end(),
    };
  };
}

export class PgSharedLog implements BankLogs {
  private queuedExchanges: Observation[] = [];
  private queuedEvents: ConsoleEventRecord[] = [];
  private connection: Promise<LogConnection> | undefined;
  /** Every use of the connection, one after the other (a judging holds a transaction open). */
  private chain: Promise<unknown> = Promise.resolve();
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** A write failed and stderr said so; the next success says the log is written again. */
  private failing = false;
  private dropped = 0;
  private closed = false;
  private sinceCheckpoint = 0;
  private readonly findings: FindingsContext;
  /** The certificates this process's exchanges name in place of holding them, and read back. */
  private readonly certificates = new SharedCertificates();
  private readonly now: () => number;

  constructor(private readonly options: SharedLogOptions) {
    this.now = options.now ?? Date.now;
    this.findings = {
      routes: new Map(options.routes.map((route) => [route.operationId, route])),
      bank: options.bank,
      now: this.now,
      certificates: this.certificates,
    };
  }

  /** An exchange the bank settled (pipeline.ts): queued, written with the next flush. */
  addExchange(observation: Observation): void {
    if (this.closed) return;
    this.queuedExchanges.push(observation);
    this.bound(this.queuedExchanges);
    this.schedule(FLUSH_DELAY_MS);
  }

  /** A console event (console-events.ts): queued like an exchange. */
  addEvent(record: ConsoleEventRecord): void {
    if (this.closed) return;
    this.queuedEvents.push(record);
    this.bound(this.queuedEvents);
    this.schedule(FLUSH_DELAY_MS);
  }

  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.closed) return Promise.resolve(); // what close() could not write stays unwritten
    return this.serial(() => this.write());
  }

  async requests(limit: number): Promise<LogPage<ExchangeRecord>> {
    return this.latest('bank_exchanges', limit, this.options.requestCapacity);
  }

  async events(limit: number): Promise<LogPage<ConsoleEventRecord>> {
    return this.latest('bank_console_events', limit, this.options.eventCapacity);
  }

  async report(now?: Date): Promise<TppReport> {
    await this.flush();
    const report = await this.read(async (db) => {
      const judged = await judgeSharedExchanges(db, this.findings, true);
      await this.trimExchanges(db);
      return judged;
    });
    return now ? { ...report!, generatedAt: now.toISOString() } : report!;
  }

  async clearReport(): Promise<void> {
    await this.flush();
    await this.read((db) => clearSharedFindings(db, this.findings, new Date(this.now())));
  }

  async close(): Promise<void> {
    await this.flush();
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    const unwritten = this.queuedExchanges.length + this.queuedEvents.length;
    if (unwritten > 0)
      this.options.warn(
        `the bank stops with ${unwritten} records of the shared request log not written to PostgreSQL`,
      );
    const connection = this.connection;
    this.connection = undefined;
    await this.serial(async () => {
      await (await connection?.catch(() => undefined))?.end().catch(() => undefined);
    });
  }

  /** The latest `limit` rows of a log, oldest first; `total` as the log's capacity bounds it. */
  private async latest<T>(
    table: 'bank_exchanges' | 'bank_console_events',
    limit: number,
    capacity: number,
  ): Promise<LogPage<T>> {
    await this.flush();
    return this.read(async (db) => {
      const { rows } = await db.query<{ id: string; record: string }>(
        `SELECT id, record FROM ${table} ORDER BY arrived_at DESC, id DESC LIMIT $1`,
        [limit],
      );
      const counted = await db.query<{ total: string }>(`SELECT count(*) AS total FROM ${table}`);
      const entries = rows
        .reverse()
        .map((row) => ({ id: Number(row.id), ...JSON.parse(row.record) }));
      if (table === 'bank_exchanges') await this.certificates.restore(db, entries);
      return { total: Math.min(Number(counted.rows[0]!.total), capacity), entries };
    });
  }

  private read<T>(work: (db: LogConnection) => Promise<T>): Promise<T> {
    return this.serial(async () => {
      try {
        if (this.closed) throw new Error('the bank has stopped');
        return await work(await this.db());
      } catch (error) {
        throw new LogUnavailableError(
          `the shared request log in PostgreSQL could not be read: ${(error as Error).message}`,
          { cause: error },
        );
      }
    });
  }

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const result = this.chain.then(work);
    this.chain = result.catch(() => undefined);
    return result;
  }

  private db(): Promise<LogConnection> {
    this.connection ??= this.options
      .connect(() => {
        this.connection = undefined;
      })
      .catch((error: unknown) => {
        this.connection = undefined;
        throw error;
      });
    return this.connection;
  }

  private schedule(delay: number): void {
    if (this.timer || this.closed) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, delay);
    // The bank's close flushes; a pending write does not keep a finished process alive.
    this.timer.unref?.();
  }

  /** Drops the oldest records beyond MAX_QUEUED (a database out of reach for long). */
  private bound(queue: unknown[]): void {
    if (queue.length <= MAX_QUEUED) return;
    queue.shift();
    if (this.dropped++ === 0)
      this.options.warn(
        `the shared request log cannot be written and holds ${MAX_QUEUED} records in memory: the oldest are dropped from now on`,
      );
  }

  /**
   * Everything queued, in statements of at most ROWS_PER_STATEMENT rows of each log; on failure
   * what was not written stays queued for the next flush.
   */
  private async write(): Promise<void> {
    let exchanges = this.queuedExchanges;
    let events = this.queuedEvents;
    if (exchanges.length === 0 && events.length === 0) return;
    this.queuedExchanges = [];
    this.queuedEvents = [];
    let db: LogConnection | undefined;
    const written = { exchanges: 0, events: 0 };
    while (exchanges.length > 0 || events.length > 0) {
      const someExchanges = exchanges.slice(0, ROWS_PER_STATEMENT);
      const someEvents = events.slice(0, ROWS_PER_STATEMENT);
      try {
        db ??= await this.db();
        await db.query(...insertStatement(someExchanges, someEvents, this.certificates));
        written.exchanges += someExchanges.length;
        written.events += someEvents.length;
      } catch (error) {
        if (refusedData(error)) {
          // Sent again they would be refused again, and hold up every record after them.
          this.options.warn(
            `the shared request log dropped ${someExchanges.length + someEvents.length} records PostgreSQL refused (${(error as Error).message})`,
          );
        } else {
          this.queuedExchanges = exchanges.concat(this.queuedExchanges);
          this.queuedEvents = events.concat(this.queuedEvents);
          if (!this.failing)
            this.options.warn(
              `the shared request log could not be written to PostgreSQL (${(error as Error).message}); the bank serves on and tries again`,
            );
          this.failing = true;
          this.schedule(RETRY_DELAY_MS);
          return;
        }
      }
      exchanges = exchanges.slice(someExchanges.length);
      events = events.slice(someEvents.length);
    }
    // Nothing written (every statement refused for its data): the log is not known to work.
    if (!db || written.exchanges + written.events === 0) return;
    if (this.failing || this.dropped > 0)
      this.options.warn(
        `the shared request log is written to PostgreSQL again${this.dropped > 0 ? ` (${this.dropped} records were dropped meanwhile)` : ''}`,
      );
    this.failing = false;
    this.dropped = 0;
    await this.upkeep(db, written.exchanges, written.events).catch((error: Error) =>
      this.options.warn(`the shared request log could not be trimmed: ${error.message}`),
    );
  }

  /** Keeps the tables bounded: the findings checkpoint moved on now and then, old rows removed. */
  private async upkeep(db: LogConnection, exchanges: number, events: number): Promise<void> {
    if (events > 0)
      await db.query(
        `DELETE FROM bank_console_events WHERE (arrived_at, id) < (
           SELECT arrived_at, id FROM bank_console_events
           ORDER BY arrived_at DESC, id DESC OFFSET $1 LIMIT 1)`,
        [this.options.eventCapacity - 1],
      );
    if (exchanges === 0) return;
    this.sinceCheckpoint += exchanges;
    if (this.sinceCheckpoint < CHECKPOINT_EVERY) return;
    this.sinceCheckpoint = 0;
    await judgeSharedExchanges(db, this.findings, false);
    await this.trimExchanges(db);
  }

  /** Rows the checkpoint covers are needed only as the request log's latest entries. */
  private async trimExchanges(db: LogConnection): Promise<void> {
    await db.query(
      `DELETE FROM bank_exchanges WHERE judged AND (arrived_at, id) < (
         SELECT arrived_at, id FROM bank_exchanges
         ORDER BY arrived_at DESC, id DESC OFFSET $1 LIMIT 1)`,
      [this.options.requestCapacity - 1],
    );
  }
}

/**
 * One INSERT of `exchanges` and `events` (at least one of them), each field a parameter, with the
 * rows of the certificates the exchanges name in place of holding them (pg-shared-certificates.ts):
 * one statement, so a stored exchange never names a certificate the table lacks.
 */
export function insertStatement(
  exchanges: readonly Observation[],
  events: readonly ConsoleEventRecord[],
  certificates: SharedCertificates,
): [text: string, values: unknown[]] {
  const values: unknown[] = [];
  const named: (CertificateRow | undefined)[] = [];
  const exchangeRows = valuesList(
    exchanges.map((observation) => {
      const { record, certificate } = certificates.stored(observation);
      named.push(certificate);
      return [record.arrivedAt, JSON.stringify(record), judgementJson(observation)];
    }),
    values,
  );
  const kept = certificateRows(named);
  const certificateList = valuesList(kept, values);
  const eventRows = valuesList(
    events.map(({ id: _id, ...event }) => [event.arrivedAt, JSON.stringify(event)]),
    values,
  );
  const parts: string[] = [];
  if (kept.length > 0)
    parts.push(
      `certificates AS (INSERT INTO bank_certificates (key, certificate) VALUES ${certificateList}
       ON CONFLICT (key) DO NOTHING)`,
    );
  if (events.length > 0)
    parts.push(
      `events AS (INSERT INTO bank_console_events (arrived_at, record) VALUES ${eventRows})`,
    );
  if (exchanges.length === 0) {
    // Events alone (no certificate without an exchange): the INSERT itself, no CTE.
    return [`INSERT INTO bank_console_events (arrived_at, record) VALUES ${eventRows}`, values];
  }
  const intoExchanges = `INSERT INTO bank_exchanges (arrived_at, record, judgement) VALUES ${exchangeRows}`;
  return [parts.length > 0 ? `WITH ${parts.join(', ')} ${intoExchanges}` : intoExchanges, values];
}

/** PostgreSQL refused the rows themselves (SQLSTATE class 22, data exception), not the write. */
function refusedData(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('22');
}

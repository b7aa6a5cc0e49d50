/**
 * The shared request log writes each TPP-Signature-Certificate once (store/pg-log-certificates.ts):
 * the table's text holds a TPP's certificate once however many exchanges carried it, and every
 * reader — the request log pages, the TPP findings judged from the exchanges — gets each exchange
 * back with the header's value in its place. A database made by the schema before the
 * certificates table migrates, its rows read as they were written; certificates no exchange
 * refers to any more go with the log's trim, and a write waits for a prune under way (it inserts
 * again what the prune removed). Needs Debian's PostgreSQL (test/support/machine.ts).
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BANK_ROUTES } from '../../../main/core/bank/handlers/routes.js';
import type { ExchangeRecord } from '../../../main/core/bank/log/request-log.js';
import {
  TppFindingsRecorder,
  type Observation,
} from '../../../main/core/bank/log/tpp-findings/recorder.js';
import { CertificateReferences } from '../../../main/core/bank/store/pg-log-certificates.js';
import {
  PG_LOCKS,
  PG_MIGRATIONS,
  migratePostgres,
} from '../../../main/core/bank/store/pg-schema.js';
import { PgSharedLog, pgLogConnection } from '../../../main/core/bank/store/pg-shared-log.js';
import { has } from '../../support/machine.js';
import { startPostgres, type ThrowawayPostgres } from '../../support/postgres.js';

const EXCHANGES = 30;
/** A certificate's base64 as a TPP sends it (§5.2(4)): the same text in every request. */
const CERTIFICATE = Buffer.alloc(1_200, 'seal certificate ').toString('base64');
/** Not base64, and what a TEXT column could not hold as it is. */
const ODD = 'not base64 "quoted" \\ \u0000 \ud800 ü';
/** Beyond what a process remembers (hashed each time it is written). */
const HUGE = 'A'.repeat(200_000);
const SIGNED = BANK_ROUTES.find((route) => route.signed && route.kind !== 'page')!;

const record = (n: number, certificate?: string): ExchangeRecord => ({
  id: n,
  mode: 'sandbox',
  receivedAt: '2026-01-01T00:00:00.000Z',
  arrivedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, 0, n)).toISOString(),
  durationMs: 1,
  stageTimings: {},
  request: {
    method: 'GET',
    target: `/v1/accounts?n=${n}`,
    // The certificate between two others: its place is kept.
    headers: {
      'x-request-id': `request-${n}`,
      ...(certificate === undefined ? {} : { 'tpp-signature-certificate': certificate }),
      signature: 'keyId="k",signature="s"',
    },
    bodySize: 0,
  },
  response: { status: 200, headers: {}, body: undefined },
});

describe.skipIf(!has('postgres'))('the shared log stores each certificate once', () => {
  let server: ThrowawayPostgres;
  let url: string;
  let client: pg.Client;
  let log: PgSharedLog;
  const warnings: string[] = [];
  const written: ExchangeRecord[] = [];

  beforeAll(async () => {
    server = await startPostgres();
    url = server.createDatabase('shared_log_certificates');
    client = new pg.Client({ connectionString: url });
    await client.connect();
    // A database of the schema before the certificates table, with a row it wrote.
    await migratePostgres(
      client,
      PG_MIGRATIONS.filter((step) => step.version <= 3),
    );
    const { id: _id, ...old } = record(0, CERTIFICATE);
    await client.query(
      `INSERT INTO bank_exchanges (arrived_at, record, judgement) VALUES ($1, $2, $3)`,
      [old.arrivedAt, JSON.stringify(old), JSON.stringify({ route: SIGNED.operationId })],
    );
    written.push(record(0, CERTIFICATE));
    await migratePostgres(client, PG_MIGRATIONS);
    log = new PgSharedLog({
      connect: pgLogConnection(url),
      routes: BANK_ROUTES,
      bank: { mode: 'sandbox' },
      requestCapacity: 100,
      eventCapacity: 100,
      warn: (line) => warnings.push(line),
    });
  }, 120_000);

  afterAll(async () => {
    await log?.close();
    await client?.end();
    server?.stop();
  });

  const add = (exchange: ExchangeRecord) => {
    written.push(exchange);
    const observation: Observation = { route: SIGNED, record: exchange, responseBody: undefined };
    log.addExchange(observation);
  };

  it('writes a TPP’s certificate once across its exchanges and gives every header back', async () => {
    for (let n = 1; n <= EXCHANGES; n += 1) add(record(n, CERTIFICATE));
    add(record(EXCHANGES + 1));
    add(record(EXCHANGES + 2, ODD));
    add(record(EXCHANGES + 3, HUGE));
    add(record(EXCHANGES + 4, CERTIFICATE));
    await log.flush();
    expect(warnings).toEqual([]);

    const text = (
      await client.query<{ text: string }>(
        `SELECT (SELECT string_agg(record, '') FROM bank_exchanges WHERE certificate IS NOT NULL)
             || (SELECT string_agg(value, '') FROM bank_certificates) AS text`,
      )
    ).rows[0]!.text;
    expect(text.split(CERTIFICATE).length - 1).toBe(1);
    expect(text.split(HUGE).length - 1).toBe(1);
    const certificates = await client.query(`SELECT digest FROM bank_certificates`);
    expect(certificates.rows).toHaveLength(3);

    const { entries } = await log.requests(100);
    expect(entries.map(({ id: _id, ...entry }) => entry)).toEqual(
      written.map(({ id: _id, ...entry }) => entry),
    );
    // The header stands where it was sent.
    expect(Object.keys(entries[1]!.request.headers)).toEqual([
      'x-request-id',
      'tpp-signature-certificate',
      'signature',
    ]);
  });

  it('gives the TPP findings the exchanges with their certificates', async () => {
    const observe = vi.spyOn(TppFindingsRecorder.prototype, 'observe');
    try {
      await log.report();
      const seen = observe.mock.calls.map(
        ([observation]) => observation.record.request.headers['tpp-signature-certificate'],
      );
      expect(seen).toEqual(
        written.map((exchange) => exchange.request.headers['tpp-signature-certificate']),
      );
    } finally {
      observe.mockRestore();
    }
  });

  it('removes the certificates no exchange refers to once the log is trimmed', async () => {
    // Judged (the report above) and beyond a capacity of one: all but the latest go.
    const small = new PgSharedLog({
      connect: pgLogConnection(url),
      routes: BANK_ROUTES,
      bank: { mode: 'sandbox' },
      requestCapacity: 1,
      eventCapacity: 1,
      warn: (line) => warnings.push(line),
    });
    try {
      await small.report();
    } finally {
      await small.close();
    }
    const left = await client.query<{ value: string }>(`SELECT value FROM bank_certificates`);
    expect(left.rows.map((row) => JSON.parse(row.value) as string)).toEqual([CERTIFICATE]);
    const { entries } = await log.requests(100);
    expect(entries.map((entry) => entry.request.headers['tpp-signature-certificate'])).toEqual([
      CERTIFICATE,
    ]);
  });

  it('inserts a certificate again that a prune removed while the write waited for it', async () => {
    const value = 'a certificate no row refers to yet';
    const stored = new CertificateReferences().store(record(0, value), new Map());
    await client.query(`INSERT INTO bank_certificates (digest, value) VALUES ($1, $2)`, [
      stored.certificate,
      JSON.stringify(value),
    ]);
    // A prune (pruneCertificatesSql) holds the lock; the write waits before its certificates.
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [PG_LOCKS.certificates]);
    add(record(EXCHANGES + 5, value));
    const flushed = log.flush();
    try {
      for (;;) {
        const waiting = await client.query(
          `SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND objid = $1 AND NOT granted`,
          [PG_LOCKS.certificates],
        );
        if (waiting.rows.length > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await client.query(
        `DELETE FROM bank_certificates c
         WHERE NOT EXISTS (SELECT FROM bank_exchanges x WHERE x.certificate = c.digest)`,
      );
    } finally {
      await client.query('COMMIT');
    }
    await flushed;
    const { entries } = await log.requests(100);
    expect(entries.at(-1)!.request.headers['tpp-signature-certificate']).toBe(value);
  });
});

/**
 * The TPP findings of a sandbox served by several bank processes on one PostgreSQL database
 * (docs/ci.md "A shared sandbox on PostgreSQL"). Two TPP-side rules need memory
 * across requests (log/tpp-findings/recorder.ts): a §4.2.3 page link given in one answer and
 * followed in a later request, a §5.3(1) SCA refusal repeated on one TPP-Session-ID. Behind a
 * round-robin load balancer those two requests reach different processes, so the report is
 * judged over the exchanges of every process (bank_exchanges) in the order they arrived.
 *
 * Kept bounded with a checkpoint: the recorder's state (bank_findings_checkpoint) as of every
 * exchange that arrived more than SETTLE_MARGIN_MS ago, which are then marked `judged`; a report
 * restores it and judges only the exchanges after it. An exchange written later than the margin
 * (a process that could not reach the database for a while) is still judged, after the
 * checkpoint, where it falls in arrival order among the others left.
 */
import type { ExchangeRecord } from '../log/request-log.js';
import type { TppReport } from '../log/tpp-findings/model.js';
import {
  TppFindingsRecorder,
  type Observation,
  type ObservedRejection,
  type RecorderState,
} from '../log/tpp-findings/recorder.js';
import type { RouteDefinition, StageName } from '../context/request-context.js';
import { PG_LOCKS } from './pg-schema.js';
import type { SharedCertificates, StoredRecord } from './pg-shared-certificates.js';

/** A minimal PostgreSQL connection: pg.Client's query and end (a test may fake it). */
export interface LogConnection {
  query<Row = Record<string, unknown>>(text: string, values?: unknown[]): Promise<{ rows: Row[] }>;
  end(): Promise<void>;
}

/**
 * Exchanges younger than this are judged by every report and not yet checkpointed: a process
 * writes its exchanges within a fraction of a second (pg-shared-log.ts), so by then the
 * exchanges of all processes that arrived before are in the table.
 */
export const SETTLE_MARGIN_MS = 10_000;

const FINDINGS_LOCK = PG_LOCKS.findings;
/** Exchanges read per query while judging. */
const PAGE_ROWS = 1_000;

/** What the recorder needs of an exchange beyond its log record. */
interface StoredJudgement {
  /** The route's operationId (unique in the bank's routes). */
  route: string;
  refusedAt?: StageName;
  rejection?: ObservedRejection;
  /** The answer's body, when the log record does not hold it (a handler's answer). */
  responseBody?: unknown;
}

/**
 * The `judgement` column of an exchange: undefined for one the recorder passes over (an unknown
 * path, the bank's own meta routes).
 */
function judgementOf(observation: Observation): StoredJudgement | undefined {
  const { route, refusedAt, rejection, record, responseBody } = observation;
  if (!route || (route.kind !== 'page' && !route.signed)) return undefined;
  if (route.kind === 'page') return { route: route.operationId };
  return {
    route: route.operationId,
    ...(refusedAt ? { refusedAt } : {}),
    ...(rejection ? { rejection } : {}),
    ...(responseBody !== record.response.body ? { responseBody } : {}),
  };
}

/**
 * judgementOf's JSON, or null. A body the answer was sent as text of (a kept answer's, made once
 * per state) goes in as that text: the same JSON, not made again for every request.
 */
export function judgementJson(observation: Observation): string | null {
  const judgement = judgementOf(observation);
  if (judgement === undefined) return null;
  const text = observation.responseBodyText;
  if (text === undefined || !('responseBody' in judgement)) return JSON.stringify(judgement);
  const { responseBody: _sent, ...rest } = judgement;
  // responseBody is the last field judgementOf gives, so the text closes the object as it would.
  return `${JSON.stringify(rest).slice(0, -1)},"responseBody":${text}}`;
}

interface ExchangeRow {
  id: string;
  arrived_at: Date;
  record: string;
  judgement: string | null;
}

export interface FindingsContext {
  /** The bank's routes by operationId. */
  routes: ReadonlyMap<string, RouteDefinition>;
  /** The bank the report names. */
  bank: { mode: string; url?: () => string | undefined };
  /** Wall-clock milliseconds now. */
  now(): number;
  /** The certificates the stored exchanges name in place of holding them. */
  certificates: SharedCertificates;
}

async function observationOf(
  db: LogConnection,
  row: ExchangeRow,
  context: FindingsContext,
): Promise<Observation | undefined> {
  if (row.judgement === null) return undefined;
  const judgement = JSON.parse(row.judgement) as StoredJudgement;
  const route = context.routes.get(judgement.route);
  if (!route) return undefined;
  const stored = JSON.parse(row.record) as StoredRecord;
  await context.certificates.restore(db, [stored]);
  const record = { id: Number(row.id), ...stored } as ExchangeRecord;
  return {
    route,
    ...(judgement.refusedAt ? { refusedAt: judgement.refusedAt } : {}),
    ...(judgement.rejection ? { rejection: judgement.rejection } : {}),
    record,
    responseBody: 'responseBody' in judgement ? judgement.responseBody : record.response.body,
  };
}

/** Runs `work` under the findings lock, in one transaction that sees one snapshot. */
async function underFindingsLock<T>(db: LogConnection, work: () => Promise<T>): Promise<T> {
  // A session lock taken before the transaction: its snapshot then includes what the previous
  // holder committed.
  await db.query('SELECT pg_advisory_lock($1)', [FINDINGS_LOCK]);
  try {
    await db.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
    try {
      const result = await work();
      await db.query('COMMIT');
      return result;
    } catch (error) {
      await db.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  } finally {
    await db.query('SELECT pg_advisory_unlock($1)', [FINDINGS_LOCK]).catch(() => undefined);
  }
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Judges the exchanges after the checkpoint in arrival order and moves the checkpoint past those
 * older than the margin. With `report`, judges the younger ones too and gives the report; without,
 * stops at the margin (the writer's upkeep, pg-shared-log.ts).
 */
export async function judgeSharedExchanges(
  db: LogConnection,
  context: FindingsContext,
  report: boolean,
): Promise<TppReport | undefined> {
  return underFindingsLock(db, async () => {
    const cutoff = context.now() - SETTLE_MARGIN_MS;
    // The writer's upkeep reads only the exchanges it may checkpoint: none younger than the
    // margin (most of what it wrote since the last one), and no checkpoint when there are none.
    const pageAfter = (after: ExchangeRow | undefined) => {
      const values: unknown[] = [PAGE_ROWS];
      let where = 'NOT judged';
      if (!report) where += ` AND arrived_at <= $${values.push(new Date(cutoff))}::timestamptz`;
      if (after)
        where += ` AND (arrived_at, id) > ($${values.push(after.arrived_at)}::timestamptz, $${values.push(after.id)}::bigint)`;
      return db.query<ExchangeRow>(
        `SELECT id, arrived_at, record, judgement FROM bank_exchanges WHERE ${where}
         ORDER BY arrived_at, id LIMIT $1`,
        values,
      );
    };
    let page = await pageAfter(undefined);
    if (!report && page.rows.length === 0) return undefined;
    const { rows } = await db.query<{ state: string; cleared_at: Date | null }>(
      `SELECT state, cleared_at FROM bank_findings_checkpoint WHERE id = 1`,
    );
    const recorder = new TppFindingsRecorder(context.bank);
    if (rows[0]) recorder.restore(JSON.parse(rows[0].state) as RecorderState);
    const clearedAt = rows[0]?.cleared_at?.getTime() ?? Number.NEGATIVE_INFINITY;
    const settledIds: string[] = [];
    let checkpoint: string | undefined;
    for (;;) {
      for (const row of page.rows) {
        const arrived = row.arrived_at.getTime();
        if (checkpoint === undefined && arrived > cutoff)
          checkpoint = JSON.stringify(recorder.serialise());
        // DELETE /admin/report: what arrived before it is not judged (it may be written after).
        if (arrived >= clearedAt) {
          const observation = await observationOf(db, row, context);
          if (observation) recorder.observe(observation);
        }
        if (checkpoint === undefined) settledIds.push(row.id);
      }
      if (page.rows.length < PAGE_ROWS) break;
      await nextTurn(); // a long replay leaves the event loop to the requests between pages
      page = await pageAfter(page.rows.at(-1));
    }
    checkpoint ??= JSON.stringify(recorder.serialise());
    if (settledIds.length > 0) {
      await db.query(`UPDATE bank_exchanges SET judged = true WHERE id = ANY($1::bigint[])`, [
        settledIds,
      ]);
      await db.query(
        `INSERT INTO bank_findings_checkpoint (id, state) VALUES (1, $1)
         ON CONFLICT (id) DO UPDATE SET state = excluded.state`,
        [checkpoint],
      );
    }
    return report ? recorder.report(new Date(context.now())) : undefined;
  });
}

/**
 * DELETE /admin/report for every process: an empty checkpoint, and the exchanges that arrived
 * before `at` never judged (those still on their way are skipped by their arrival).
 */
export async function clearSharedFindings(
  db: LogConnection,
  context: FindingsContext,
  at: Date,
): Promise<void> {
  const empty = JSON.stringify(new TppFindingsRecorder(context.bank).serialise());
  await underFindingsLock(db, async () => {
    await db.query(`UPDATE bank_exchanges SET judged = true WHERE NOT judged AND arrived_at < $1`, [
      at,
    ]);
    await db.query(
      `INSERT INTO bank_findings_checkpoint (id, state, cleared_at) VALUES (1, $1, $2)
       ON CONFLICT (id) DO UPDATE SET state = excluded.state, cleared_at = excluded.cleared_at`,
      [empty, at],
    );
  });
}

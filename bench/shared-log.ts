/**
 * `npm run bench:shared-log`: what the TPP report of a bank on PostgreSQL costs when
 * it is judged over the shared exchange table (store/pg-shared-findings.ts). A throwaway server;
 * BENCH_REQUESTS signed requests through `bank.handle` (SCA refusals, card transaction pages,
 * unknown consents: the bank's own exchanges as the log writes them), copied in SQL up to
 * BENCH_EXCHANGES rows with later arrivals. Printed, the median of three:
 *
 * - the report with every exchange younger than the settle margin (all replayed, no checkpoint);
 * - the first report once they are older (all replayed, the checkpoint written and the rows
 *   marked judged);
 * - a report after that (the checkpoint restored, nothing to replay);
 * - the writer's rate: exchanges settled by `handle` and written behind, per second.
 */
import { buildInitialState } from '../main/core/bank/domain/initial-data.js';
import { createBank, type Bank } from '../main/core/bank/index.js';
import { PgBankStore } from '../main/core/bank/store/pg-bank-store.js';
import { pgLogConnection } from '../main/core/bank/store/pg-shared-log.js';
import { VirtualClock } from '../main/core/clock.js';
import { startPostgres } from '../test/support/postgres.js';
import { benchRequest, benchSeal, type Seal } from './bank-entities.js';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1_000);
const EXCHANGES = Number(process.env.BENCH_EXCHANGES ?? 20_000);
const CARD_PAGE = '/v1/card-accounts/card-10000001/transactions?bookingStatus=booked&limit=1';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[1]!;

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

async function requests(bank: Bank, signing: Seal): Promise<number> {
  const targets = ['/v1/user', CARD_PAGE, '/v1/consents/no-such-consent'];
  const started = performance.now();
  for (let i = 0; i < REQUESTS; i += 1)
    await bank.handle(benchRequest(signing, 'GET', targets[i % targets.length]!, undefined, true));
  await bank.flush();
  return REQUESTS / ((performance.now() - started) / 1000);
}

async function main(): Promise<void> {
  const server = await startPostgres();
  const clock = new VirtualClock();
  const url = server.createDatabase('shared_log_bench');
  const store = await PgBankStore.open(url, clock);
  await store.start(() => buildInitialState(clock.now(), 'sandbox'));
  const bank = createBank({ mode: 'sandbox', clock, sharedStore: store });
  const db = await pgLogConnection(url)(() => undefined);
  try {
    const signing = await benchSeal();
    const rate = await requests(bank, signing);
    const copies = Math.max(0, Math.ceil(EXCHANGES / REQUESTS) - 1);
    await db.query(
      `INSERT INTO bank_exchanges (arrived_at, record, judgement)
       SELECT arrived_at + n * interval '1 second', record, judgement
       FROM bank_exchanges, generate_series(1, $1) AS n ORDER BY n, id`,
      [copies],
    );
    const count = async () =>
      Number(
        (await db.query<{ n: string }>(`SELECT count(*) AS n FROM bank_exchanges`)).rows[0]!.n,
      );
    const rows = await count();
    const young: number[] = [];
    for (let round = 0; round < 3; round += 1) young.push(await timed(() => bank.logs.report()));
    // Older than the settle margin: the first report checkpoints them, the next restores.
    await db.query(`UPDATE bank_exchanges SET arrived_at = arrived_at - interval '1 day'`);
    const checkpointing = await timed(() => bank.logs.report());
    const restored: number[] = [];
    for (let round = 0; round < 3; round += 1) restored.push(await timed(() => bank.logs.report()));
    const report = await bank.logs.report();
    console.log(
      JSON.stringify(
        {
          exchanges: rows,
          requestsJudged: report.requestsJudged,
          handleAndWriteBehindPerSecond: Math.round(rate),
          reportAllYoungMs: Math.round(median(young)),
          reportFirstCheckpointMs: Math.round(checkpointing),
          reportFromCheckpointMs: Math.round(median(restored)),
          checkpointBytes: Number(
            (
              await db.query<{ n: string }>(
                `SELECT length(state) AS n FROM bank_findings_checkpoint WHERE id = 1`,
              )
            ).rows[0]!.n,
          ),
        },
        null,
        2,
      ),
    );
  } finally {
    await db.end();
    await bank.close();
    await store.close();
    server.stop();
  }
}

await main();

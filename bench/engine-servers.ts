/**
 * `npm run bench:bank`, the CPU-per-request table at scale: for each engine and size a bank
 * process holding N consents and N payments (engine-stores.ts) against the bare verifying server,
 * each in a process of its own (cpu-servers.ts), on two signed requests: GET /v1/consents/{id} of
 * a consent that exists and the payment POST, alternated rounds, the median of each server's CPU
 * µs per request (cpu-per-request.ts), the bank's POSTs per second, and the bank process's RSS
 * after the GET rounds and a collection, and its peak so far.
 *
 * `postgres-shared`: the measured bank and PEERS more bank processes on one PostgreSQL database,
 * each its own process and idle, so that a commit waits for acknowledgements answered at once,
 * not behind the measured load (each holds a read lease, store/pg-member-lease.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BankRequest } from '../main/core/bank/index.js';
import type { VirtualClock } from '../main/core/clock.js';
import { startPostgres, type ThrowawayPostgres } from '../test/support/postgres.js';
import { stateWith, templates, tppRequest, type Seal } from './bank-entities.js';
import { createBank } from '../main/core/bank/index.js';
import {
  compareOne,
  cpuRequests,
  forkServer,
  type Answers,
  type Server,
  type ToChild,
} from './cpu-servers.js';
import { fillStore, type StoreSpec } from './engine-stores.js';
import type { TableEngine, TableRow } from './engine-table.js';

/** The banks joined to the measured one in `postgres-shared` (two: three processes). */
const PEERS = 2;

/**
 * BENCH_PROFILE_BANK=<folder>: the measured bank of each row writes a CPU profile of its GET
 * rounds there (`--cpu-prof`); the row's POST rounds are left out (its POST cells repeat the GET's, at 0 per second).
 */
const PROFILE_FOLDER = process.env.BENCH_PROFILE_BANK;

export interface TableOptions {
  connections: number;
  duration: number;
  rounds: number;
}

/** The measured requests, each signed once, and the bank's own answers for the bare server. */
async function requestsAndAnswers(seal: Seal, clock: VirtualClock) {
  const made = await templates(seal, clock);
  const get = tppRequest(seal, 'GET', `/v1/consents/${made.consent.consentId}`);
  const { post } = cpuRequests(seal);
  const reference = createBank({
    mode: 'sandbox',
    clock,
    initialState: () => stateWith(0, clock.now(), made.consent, made.payment),
  });
  const answers: Answers = {};
  try {
    for (const [request, status] of [
      [get, 200],
      [post, 201],
    ] as const) {
      const { status: answered, headers, body } = await reference.handle(request);
      if (answered !== status)
        throw new Error(`${request.method} ${request.target}: ${answered} ${body}`);
      answers[request.method] = { status, headers, body };
    }
  } finally {
    await reference.close();
  }
  return { templates: made, get, post, answers };
}

/**
 * The rows of every engine × size, in that order. `script` is the bench's own file (its
 * `--serve-cpu` arguments reach cpu-servers.ts `serveCpuChild`). PostgreSQL rows need Debian's
 * server: one throwaway server for them all, a database for each row.
 */
export async function engineTable(
  script: string,
  seal: Seal,
  clockAt: () => VirtualClock,
  engines: readonly TableEngine[],
  sizes: readonly number[],
  options: TableOptions,
): Promise<TableRow[]> {
  const measured = await requestsAndAnswers(seal, clockAt());
  const start: ToChild = {
    type: 'start',
    certificateDer: seal.certificateDer.toString('base64'),
    answers: measured.answers,
  };
  const folder = mkdtempSync(join(tmpdir(), 'bench-engine-table-'));
  let server: ThrowawayPostgres | undefined;
  let bare: Server | undefined;
  const rows: TableRow[] = [];
  try {
    if (engines.some((engine) => engine.startsWith('postgres'))) server = await startPostgres();
    bare = await forkServer(script, 'bare', start);
    for (const engine of engines)
      for (const size of sizes) {
        const spec = await prepare(engine, size, folder, server, clockAt(), measured.templates);
        rows.push(
          await measureRow(
            script,
            { ...start, store: spec },
            bare,
            engine,
            size,
            measured,
            options,
          ),
        );
      }
  } finally {
    await bare?.stop();
    server?.stop();
    rmSync(folder, { recursive: true, force: true });
  }
  return rows;
}

/** The store of one row, filled. */
async function prepare(
  engine: TableEngine,
  size: number,
  folder: string,
  server: ThrowawayPostgres | undefined,
  clock: VirtualClock,
  made: Awaited<ReturnType<typeof templates>>,
): Promise<StoreSpec> {
  if (engine === 'memory') return { engine, size, ...made };
  const where =
    engine === 'sqlite'
      ? join(folder, `table-${size}.db`)
      : server!.createDatabase(`table_${engine.replace('-', '_')}_${size}`);
  const stored = engine === 'sqlite' ? 'sqlite' : 'postgres';
  await fillStore(stored, where, size, clock, made);
  return { engine: stored, where };
}

async function measureRow(
  script: string,
  start: ToChild,
  bare: Server,
  engine: TableEngine,
  size: number,
  requests: { get: BankRequest; post: BankRequest; answers: Answers },
  options: TableOptions,
): Promise<TableRow> {
  const started: Server[] = [];
  try {
    const profile = PROFILE_FOLDER ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_FOLDER}`] : [];
    const bank = await forkServer(script, 'bank', start, profile);
    started.push(bank);
    if (engine === 'postgres-shared')
      for (let index = 0; index < PEERS; index += 1)
        started.push(await forkServer(script, 'bank', start));
    const servers = { bank, bare };
    const get = await compareOne(requests.get, servers, requests.answers, options);
    // Before the POST rounds: each POST adds a payment (thousands a round), the size would not
    // be N any more.
    const { rss, peakRss } = await bank.memory();
    // A profile is of the GET rounds alone.
    const post = PROFILE_FOLDER
      ? undefined
      : await compareOne(requests.post, servers, requests.answers, options);
    return {
      engine,
      size,
      get: { bank: get.cpu.bank, bare: get.cpu.bare },
      post: post && { bank: post.cpu.bank, bare: post.cpu.bare, rate: post.bankRate },
      rss,
      peakRss,
    };
  } finally {
    await Promise.all(started.map((server) => server.stop()));
  }
}

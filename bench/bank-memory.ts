/**
 * `npm run bench:bank`, the memory rows: what a bank process holds with N consents and N payments
 * (10k, 100k) in memory, on a SQLite file and on PostgreSQL, and the peak of a `PUT
 * /admin/snapshot` of a 100k-entity snapshot on each.
 *
 * Every figure is taken in a fresh child process (`node --expose-gc`), after a collection:
 *
 * - held: the durable banks are opened on a database a first child filled (so the state is read
 *   from it, as `workbench bank --db FILE` does at start); the memory bank is made from the same
 *   state built in process. The child prints RSS and the V8 heap after each phase: the entities
 *   alone (memory), the bank opened, one signed GET /v1/consents/{id} and one payment POST served
 *   (the lookup indexes are built on first use);
 * - snapshot peak: a bank with its initial state listening with the admin API, and the snapshot
 *   file PUT over HTTP by another process, as a user sends it; the peak is the bank process's
 *   maximum RSS (`process.resourceUsage().maxRSS`), printed beside the RSS before the PUT. Then
 *   the same process answers GET /admin/snapshot to another, its peak measured alone.
 *
 * The entities are bank-entities.ts `stateWith`: copies of a consent and a payment the bank made.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createBank, type Bank } from '../main/core/bank/index.js';
import { createAdminApi } from '../main/core/bank/admin/admin-api.js';
import { BankDatabase } from '../main/core/bank/store/bank-database.js';
import { PgBankStore } from '../main/core/bank/store/pg-bank-store.js';
import type { DomainState } from '../main/core/bank/domain/model.js';
import { buildInitialState } from '../main/core/bank/domain/initial-data.js';
import type { VirtualClock } from '../main/core/clock.js';
import { startPostgres, type ThrowawayPostgres } from '../test/support/postgres.js';
import { benchSeal, stateWith, templates, tppRequest } from './bank-entities.js';

export type HeldEngine = 'memory' | 'sqlite' | 'postgres';

/** One phase of a child: RSS and the V8 heap in use, bytes, after a collection. */
export interface MemoryPhase {
  phase: string;
  rss: number;
  heapUsed: number;
  external: number;
}

export interface HeldRow {
  engine: HeldEngine;
  size: number;
  phases: MemoryPhase[];
}

export interface SnapshotRow {
  engine: HeldEngine;
  size: number;
  fileBytes: number;
  rssBefore: number;
  peakRss: number;
  /** The GET /admin/snapshot that follows: RSS before it, and its peak. */
  exportRssBefore: number;
  exportPeakRss: number;
}

const TOKEN = 'bench-admin-token-0123456789abcdef';

function phase(name: string): MemoryPhase {
  (globalThis as { gc?: () => void }).gc?.();
  const usage = process.memoryUsage();
  return { phase: name, rss: usage.rss, heapUsed: usage.heapUsed, external: usage.external };
}

/** A bank on `engine` (`where`: the file or the PostgreSQL URL), its state `initialState`'s. */
export async function openBank(
  engine: HeldEngine,
  where: string,
  clock: VirtualClock,
  initialState: () => DomainState,
): Promise<{ bank: Bank; close: () => Promise<void> }> {
  if (engine === 'memory') {
    const bank = createBank({ mode: 'sandbox', clock, initialState });
    return { bank, close: () => bank.close() };
  }
  if (engine === 'sqlite') {
    const database = await BankDatabase.open(where, { clock });
    const bank = createBank({ mode: 'sandbox', clock, initialState, database });
    return {
      bank,
      close: async () => {
        await bank.close();
        database.close();
      },
    };
  }
  const shared = await PgBankStore.open(where, clock);
  await shared.start(initialState);
  const bank = createBank({ mode: 'sandbox', clock, initialState, sharedStore: shared });
  return {
    bank,
    close: async () => {
      await bank.close();
      await shared.close();
    },
  };
}

/**
 * bank-entities.ts `stateWith`, each entity as JSON.parse makes it, as a database load does (and
 * close to a handler's object literals): structuredClone copies take two thirds more heap.
 */
export function parsedStateWith(...args: Parameters<typeof stateWith>): DomainState {
  const { ledger, ...entities } = stateWith(...args);
  return { ...(JSON.parse(JSON.stringify(entities)) as Omit<DomainState, 'ledger'>), ledger };
}

/**
 * Child: `fill` writes `size` consents and payments to the database at `where` and exits; `held`
 * opens it (the memory engine builds them) and prints its phases.
 */
export async function heldChild(
  task: 'fill' | 'held',
  engine: HeldEngine,
  size: number,
  where: string,
  clockAt: () => VirtualClock,
): Promise<void> {
  const seal = await benchSeal();
  const { consent, payment } = await templates(seal, clockAt());
  const phases = [phase('base')];
  const clock = clockAt();
  let state: DomainState | undefined;
  if (task === 'fill' || engine === 'memory') {
    state = parsedStateWith(size, clock.now(), consent, payment);
    phases.push(phase('entities built'));
  }
  const { bank, close } = await openBank(engine, where, clock, () => state!);
  state = undefined;
  phases.push(phase('bank opened'));
  if (task === 'held') {
    const get = await bank.handle(tppRequest(seal, 'GET', `/v1/consents/${consent.consentId}`));
    const post = await bank.handle(
      // The same payment on every run of a file: a logical duplicate, allowed.
      tppRequest(seal, 'POST', '/v1/payments/sepa-credit-transfers?allowLogicalDuplicate=true', {
        instructedAmount: { amount: '1.00', currency: 'NOK' },
        debtorAccount: { iban: 'NO5297100512347', currency: 'NOK' },
        creditorAccount: { iban: 'NO6997100712346', currency: 'NOK' },
        creditorName: 'Kari Nordmann',
      }),
    );
    // On a database another child filled, the consent is another seal's TPP's: 403 after the
    // same lookup.
    if (![200, 403].includes(get.status) || post.status !== 201)
      throw new Error(`GET answered ${get.status}, POST ${post.status}: ${post.body}`);
    phases.push(phase('one GET and one POST served'));
  }
  await close();
  process.stdout.write(`${JSON.stringify(phases)}\n`);
}

/** Child: `size` consents and payments exported as a snapshot file at `file`. */
export async function snapshotFileChild(
  size: number,
  file: string,
  clockAt: () => VirtualClock,
): Promise<void> {
  const seal = await benchSeal();
  const { consent, payment } = await templates(seal, clockAt());
  const clock = clockAt();
  const state = stateWith(size, clock.now(), consent, payment);
  const bank = createBank({ mode: 'sandbox', clock, initialState: () => state });
  writeFileSync(file, JSON.stringify(bank.exportSnapshot()));
  await bank.close();
}

/**
 * Child: the snapshot at `file` PUT through the admin API of a bank on `engine`, over HTTP as a
 * user sends it: another process streams the file to the bank's listener, which hands the body
 * to the admin API's sink piece by piece (http/json-intake.ts).
 */
export async function snapshotChild(
  engine: HeldEngine,
  file: string,
  where: string,
  clockAt: () => VirtualClock,
): Promise<void> {
  const clock = clockAt();
  const { bank, close } = await openBank(engine, where, clock, () =>
    buildInitialState(clock.now()),
  );
  const admin = createAdminApi({ bank, clock, token: TOKEN, maxBodyBytes: 1 << 20 });
  const listener = await bank.listen({ intercept: admin, bodySink: admin.bodySink });
  const before = phase('listening');
  const answer = await adminCall('PUT', `${listener.url}/admin/snapshot`, file);
  if (!answer.startsWith('200 ')) throw new Error(`PUT answered ${answer}`);
  const peakRss = process.resourceUsage().maxRSS * 1024;
  // Then the same state exported: the peak is set back to the RSS of now first (Linux: writing 5
  // to clear_refs resets the high-water mark), so it is the GET's alone.
  const exportBefore = phase('imported');
  writeFileSync('/proc/self/clear_refs', '5');
  const exported = await adminCall('GET', `${listener.url}/admin/snapshot`);
  if (!exported.startsWith('200 ')) throw new Error(`GET answered ${exported}`);
  const exportPeakRss = process.resourceUsage().maxRSS * 1024;
  await listener.close();
  await close();
  process.stdout.write(
    `${JSON.stringify({ rssBefore: before.rss, peakRss, exportRssBefore: exportBefore.rss, exportPeakRss })}\n`,
  );
}

/**
 * An admin call by a node process of its own: `PUT url` with the file as its body, or `GET url`
 * with its body counted, not kept. Prints "status body" (a GET's body: its length in bytes).
 */
function adminCall(method: 'PUT' | 'GET', url: string, file?: string): Promise<string> {
  const script = `
    const [method, url, token, file] = process.argv.slice(1);
    const call = require('node:http').request(url, {
      method,
      headers: { authorization: 'Bearer ' + token, 'content-type': 'application/json' },
    }, (answer) => {
      let body = '';
      let bytes = 0;
      answer.on('data', (part) => {
        bytes += part.length;
        if (method === 'PUT') body += part;
      }).on('end', () => {
        process.stdout.write(answer.statusCode + ' ' + (method === 'PUT' ? body : bytes));
      });
    });
    if (file) require('node:fs').createReadStream(file).pipe(call); else call.end();`;
  return new Promise((resolve, reject) => {
    const args = ['-e', script, method, url, TOKEN, ...(file ? [file] : [])];
    const sender = spawn(process.execPath, args, {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    sender.stdout.on('data', (part: Buffer) => (out += part.toString()));
    sender.on('error', reject);
    sender.on('close', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`the sender exited with ${code}: ${out}`)),
    );
  });
}

function child(script: string, args: string[]): string {
  const run = spawnSync(process.execPath, ['--expose-gc', script, ...args], {
    encoding: 'utf8',
    timeout: 600_000,
    maxBuffer: 1 << 20,
  });
  if (run.status !== 0) throw new Error(`child ${args.join(' ')} failed: ${run.stderr}`);
  return run.stdout.trim().split('\n').at(-1)!;
}

/**
 * The rows: `script` is the bench's own file (its `--memory-child` arguments reach heldChild,
 * snapshotFileChild and snapshotChild). PostgreSQL rows need Debian's server.
 */
export async function memoryRows(
  script: string,
  sizes: readonly number[],
  engines: readonly HeldEngine[],
  snapshotSize: number,
): Promise<{ held: HeldRow[]; snapshots: SnapshotRow[] }> {
  const folder = mkdtempSync(join(tmpdir(), 'bench-memory-'));
  const server: ThrowawayPostgres | undefined = engines.includes('postgres')
    ? await startPostgres()
    : undefined;
  const held: HeldRow[] = [];
  const snapshots: SnapshotRow[] = [];
  let databases = 0;
  const whereOf = (engine: HeldEngine) => {
    databases += 1;
    if (engine === 'postgres') return server!.createDatabase(`memory_${databases}`);
    return join(folder, `bank-${databases}.db`);
  };
  try {
    for (const size of sizes)
      for (const engine of engines) {
        const where = whereOf(engine);
        if (engine !== 'memory')
          child(script, ['--memory-child', 'fill', engine, String(size), where]);
        const line = child(script, ['--memory-child', 'held', engine, String(size), where]);
        held.push({ engine, size, phases: JSON.parse(line) as MemoryPhase[] });
      }
    const file = join(folder, 'snapshot.json');
    child(script, ['--memory-child', 'snapshot-file', 'memory', String(snapshotSize), file]);
    const fileBytes = statSync(file).size;
    for (const engine of engines) {
      const line = child(script, ['--memory-child', 'snapshot', engine, file, whereOf(engine)]);
      const figures = JSON.parse(line) as Omit<SnapshotRow, 'engine' | 'size' | 'fileBytes'>;
      snapshots.push({ engine, size: snapshotSize, fileBytes, ...figures });
    }
  } finally {
    server?.stop();
    rmSync(folder, { recursive: true, force: true });
  }
  return { held, snapshots };
}

/** The child's work for `args` (what follows `--memory-child`). */
export function memoryChild(args: string[], clockAt: () => VirtualClock): Promise<void> {
  const [task, engine, size, where] = args as [string, HeldEngine, string, string];
  if (task === 'snapshot-file') return snapshotFileChild(Number(size), where, clockAt);
  if (task === 'snapshot') return snapshotChild(engine, size, where, clockAt);
  if (task === 'fill' || task === 'held')
    return heldChild(task, engine, Number(size), where, clockAt);
  throw new Error(`unknown memory child task ${task}`);
}

/** Table rows for bank.ts's table. */
export function memoryTableRows(rows: {
  held: HeldRow[];
  snapshots: SnapshotRow[];
}): [string, string, string][] {
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
  const out: [string, string, string][] = [];
  for (const row of rows.held) {
    const last = row.phases.at(-1)!;
    const shown = row.phases
      .map((p) => `${p.phase} ${mb(p.rss)} (heap ${mb(p.heapUsed)})`)
      .join('; ');
    out.push([
      `RSS, ${row.engine}, ${row.size} consents and payments`,
      `${mb(last.rss)}: ${shown}`,
      row.engine === 'memory' ? '' : '≤ 300 MB',
    ]);
  }
  for (const row of rows.snapshots)
    out.push([
      `PUT /admin/snapshot peak, ${row.engine}, ${row.size} (${mb(row.fileBytes)} file)`,
      `peak ${mb(row.peakRss)}, before the PUT ${mb(row.rssBefore)}`,
      '',
    ]);
  for (const row of rows.snapshots)
    out.push([
      `GET /admin/snapshot peak, ${row.engine}, ${row.size}`,
      `peak ${mb(row.exportPeakRss)}, before the GET ${mb(row.exportRssBefore)}`,
      '',
    ]);
  return out;
}

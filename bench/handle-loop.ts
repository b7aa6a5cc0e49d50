/**
 * The in-process loop of `npm run bench:bank` (bench/bank.ts `--handle-loop`): CPU per call of
 * the bank against the bare check, with no socket in between, for a profile.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { X509Certificate } from 'node:crypto';
import { tmpdir } from 'node:os';
import { getHeapSpaceStatistics } from 'node:v8';
import { join } from 'node:path';
import { buildInitialState } from '../main/core/bank/domain/initial-data.js';
import { newHeaders } from '../main/core/bank/listener/http.js';
import type { VirtualClock } from '../main/core/clock.js';
import { startPostgres, type ThrowawayPostgres } from '../test/support/postgres.js';
import { benchSeal, stateWith, templates, tppRequest, type Seal } from './bank-entities.js';
import { openBank, type HeldEngine } from './bank-memory.js';
import { bareVerify, cpuRequests } from './cpu-servers.js';

/**
 * The consents (and settled payments) beside the one `consent` reads, as the bench table's:
 * 1,000, or `BENCH_LOOP_CONSENTS` (the table's 100,000 for a profile of a large bank).
 */
const CONSENTS = Number(process.env.BENCH_LOOP_CONSENTS ?? 1_000);

/**
 * `--handle-loop <get|post|consent> <count> [--db|--pg]`: the signed GET or payment POST of the CPU
 * rows, or `GET /v1/consents/{id}` of one consent among 1,000 (and 1,000 payments;
 * `BENCH_LOOP_CONSENTS` sets how many), through `bank.handle` in a loop, in process (no socket),
 * for a profile (`node --cpu-prof`). Every call gets its headers as a new object held by nothing
 * else, its values new strings, as the listener makes them (newHeaders) (and says so:
 * `headersUnshared`, which lets the request log keep them). Blocks of calls alternate with blocks
 * of the bare server's check of the same request (bareVerify), so that both see the same load;
 * prints the CPU µs of each a call, their ratio, and what the bank's calls left in the old
 * generation a call (what a full collection, which marks the whole state, must free again). With
 * `--db` the bank keeps its state in a SQLite file; with `--pg` on a PostgreSQL database, the
 * process alone on it (a server of its own, started and stopped by the loop), its request log
 * written behind to the shared tables as `workbench bank --db postgres://…` writes it.
 */
export async function handleLoop(
  kind: string,
  count: number,
  engine: HeldEngine,
  frozenClock: () => VirtualClock,
): Promise<void> {
  if (kind !== 'get' && kind !== 'post' && kind !== 'consent')
    throw new Error(`--handle-loop takes get, post or consent: ${kind}`);
  if (!Number.isInteger(count) || count <= 0)
    throw new Error(`--handle-loop takes a positive count: ${count}`);
  if (!Number.isInteger(CONSENTS) || CONSENTS < 0)
    throw new Error(`BENCH_LOOP_CONSENTS takes a count: ${process.env.BENCH_LOOP_CONSENTS}`);
  const seal = await benchSeal();
  const folder = mkdtempSync(join(tmpdir(), 'bench-loop-'));
  const server: ThrowawayPostgres | undefined =
    engine === 'postgres' ? await startPostgres() : undefined;
  try {
    const where = server ? server.createDatabase('handle_loop') : join(folder, 'bank.db');
    await measure(kind, count, engine, where, seal, frozenClock);
  } finally {
    server?.stop();
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Whether this system gives a thread's own CPU time (Linux: /proc/thread-self/schedstat). */
const threadClock = () => existsSync('/proc/thread-self/schedstat');

/** CPU time of the calling thread alone, ns; 0 where the system does not give it. */
function threadNs(): number {
  if (!threadClock()) return 0;
  return Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]);
}

/** The loop itself, on a bank of `engine` at `where` (a SQLite file or a PostgreSQL URL). */
async function measure(
  kind: 'get' | 'post' | 'consent',
  count: number,
  engine: HeldEngine,
  where: string,
  seal: Seal,
  frozenClock: () => VirtualClock,
): Promise<void> {
  const clock = frozenClock();
  const consent = kind === 'consent' ? await templates(seal, frozenClock()) : undefined;
  const { bank, close } = await openBank(
    engine,
    where,
    clock,
    consent
      ? () => stateWith(CONSENTS, clock.now(), consent.consent, consent.payment)
      : () => buildInitialState(clock.now(), 'sandbox'),
  );
  const { get, post } = cpuRequests(seal);
  const request = consent
    ? tppRequest(seal, 'GET', `/v1/consents/${consent.consent.consentId}`)
    : kind === 'get'
      ? get
      : post;
  // Each value a string of its own, as node:http makes them: a template literal of a string is
  // that same string, and a log entry holding it would cost the heap nothing.
  const fresh = () => {
    const headers = newHeaders();
    for (const name in request.headers)
      headers[name] = Buffer.from(request.headers[name]!, 'latin1').toString('latin1');
    return headers;
  };
  const call = async () => {
    // Made as the listener makes its requests (listener/http.ts): its fields, in their order.
    const answer = await bank.handle({
      method: request.method,
      target: request.target,
      headers: fresh(),
      headersUnshared: true,
      body: request.body,
    });
    if (answer.status >= 300) throw new Error(`${kind} answered ${answer.status}`);
  };
  const publicKey = new X509Certificate(seal.certificateDer).publicKey;
  const bare = () => {
    const url = request.target;
    if (!bareVerify(publicKey, { ...request, url, headers: fresh() }))
      throw new Error(`the bare check refused the ${kind}`);
  };
  for (let i = 0; i < 2_000; i += 1) await call(); // the JIT first
  for (let i = 0; i < 2_000; i += 1) bare();
  const block = 500;
  let bankMicros = 0;
  let bareMicros = 0;
  // What the bank's calls left in the old generation: its growth over the blocks of calls in
  // which no full collection ran (one that did shrinks it), over those blocks' calls.
  let promoted = 0;
  let promotedCalls = 0;
  // The JavaScript thread's own share of each side's CPU; the rest is the garbage collector's
  // helper threads.
  let bankMain = 0;
  let bareMain = 0;
  for (let done = 0; done < count; done += block) {
    const oldBefore = oldSpaceUsed();
    let started = process.cpuUsage();
    let mainStarted = threadNs();
    for (let i = 0; i < block; i += 1) await call();
    // The calls never leave the microtask queue, so no timer runs between them: the request log
    // a PostgreSQL bank writes behind (every FLUSH_DELAY_MS) is written here, in the block's CPU.
    await bank.flush();
    let used = process.cpuUsage(started);
    bankMicros += used.user + used.system;
    bankMain += threadNs() - mainStarted;
    const grown = oldSpaceUsed() - oldBefore;
    if (grown >= 0) {
      promoted += grown;
      promotedCalls += block;
    }
    started = process.cpuUsage();
    mainStarted = threadNs();
    for (let i = 0; i < block; i += 1) bare();
    used = process.cpuUsage(started);
    bareMicros += used.user + used.system;
    bareMain += threadNs() - mainStarted;
  }
  const calls = Math.ceil(count / block) * block;
  const named = { memory: '', sqlite: ' (SQLite)', postgres: ' (PostgreSQL)' }[engine];
  console.log(
    `${kind}${named}: bank.handle ${(bankMicros / calls).toFixed(1)} µs CPU a call, the bare check ${(bareMicros / calls).toFixed(1)} µs: ${(bankMicros / bareMicros).toFixed(2)}×; the old generation grew ${promotedCalls ? (promoted / promotedCalls).toFixed(0) : '?'} bytes a call`,
  );
  if (threadClock())
    console.log(
      `  of which the JavaScript thread: bank ${(bankMain / 1000 / calls).toFixed(1)} µs, bare ${(bareMain / 1000 / calls).toFixed(1)} µs; the other threads (the garbage collector's helpers) ${((bankMicros - bankMain / 1000) / calls).toFixed(1)} and ${((bareMicros - bareMain / 1000) / calls).toFixed(1)} µs`,
    );
  await close();
}

/** Bytes used in V8's old generation (old space and large objects). */
function oldSpaceUsed(): number {
  let used = 0;
  for (const space of getHeapSpaceStatistics())
    if (space.space_name === 'old_space' || space.space_name === 'lo_space')
      used += space.space_used_size;
  return used;
}

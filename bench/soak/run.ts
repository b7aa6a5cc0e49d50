/**
 * The soak: N simulated TPPs with distinct certificates, organisations and PSU
 * sessions loop through real journeys against an embedded sandbox bank on 127.0.0.1 for a fixed
 * time, while the bank console runs the batch. Afterwards every payment is drained to a final
 * status and read once more by its TPP, and the invariants (invariants.ts) are checked against
 * the bank's state before and after. With --persist the bank keeps its state in a database file,
 * and the file must hold what the bank answered from.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runBatchNow } from '../../main/core/bank/domain/batch.js';
import {
  TrustStore,
  createBank,
  type Bank,
  type DomainSnapshot,
} from '../../main/core/bank/index.js';
import type { CustomerSeed } from '../../main/core/bank/domain/data-set.js';
import { openStateEngine } from '../../main/core/bank/engine/open-state-engine.js';
import { SqliteEngine } from '../../main/core/bank/engine/sqlite-engine.js';
import { commitShare, persistedState } from './persist.js';
import {
  MEMORY_SAMPLES,
  MEMORY_SAMPLE_GAP_MS,
  memoryLine,
  settledMemory,
  type MemoryReading,
} from './memory.js';
import { knownFaults } from '../../main/core/bank/faults/index.js';
import { VirtualClock } from '../../main/core/clock.js';
import { JOURNEY_KINDS, Random, SoakBook, type JourneyKind } from './book.js';
import { checkInvariants, type InvariantResult } from './invariants.js';
import { JOURNEY_WEIGHTS, pollStatus, runJourney } from './journeys.js';
import { SoakUsageError, type SoakOptions } from './options.js';
import { JourneyStop, type SoakTpp, type SoakWorld } from './tpp.js';
import { soakInitialState, soakPsus } from './psus.js';
import { TrafficRecorder } from './traffic.js';
import { createPki, enlistTpp, freeAccountNumbers, soakRegistry } from './setup.js';
import type { SoakReport } from './report.js';

export type { SoakReport } from './report.js';

/** A Norwegian account outside the bank (a valid BBAN of another bank registration). */
const OUTSIDE_ACCOUNT = { iban: 'NO9386011117947', bban: '86011117947', name: 'Utenfor Banken AS' };

/** What the phases of one soak run share once the TPPs are set up. */
interface SoakRun {
  options: SoakOptions;
  progress: (line: string) => void;
  bank: Bank;
  traffic: TrafficRecorder;
  book: SoakBook;
  tpps: SoakTpp[];
}

/** What the load phase measured. */
interface LoadResult {
  loadSeconds: number;
  requests: number;
  warmReading: MemoryReading;
}

async function tppLoop(tpp: SoakTpp): Promise<void> {
  const { book } = tpp.world;
  while (!tpp.world.stopping()) {
    const kind = tpp.random.weighted(JOURNEY_WEIGHTS);
    try {
      await runJourney(tpp, kind);
      book.journeyDone(kind);
    } catch (error) {
      if (error instanceof JourneyStop) {
        if (!error.dropped) book.deviation(`${tpp.id} ${kind}: ${error.message}`);
      } else book.deviation(`${tpp.id} ${kind}: ${(error as Error).stack ?? String(error)}`);
    }
  }
}

export async function runSoak(
  options: SoakOptions,
  progress: (line: string) => void = () => {},
): Promise<SoakReport> {
  progress(`setting up ${options.tpps} TPPs…`);
  const pki = await createPki();
  const registry = soakRegistry(options.tpps);
  const clock = new VirtualClock();
  const psus = soakPsus(options.tpps);
  const folder = options.persist ? mkdtempSync(join(tmpdir(), 'soak-db-')) : undefined;
  const databasePath = folder && join(folder, 'bank.db');
  const initialState = () => soakInitialState(psus, clock.now());
  const { engine } = await openStateEngine({
    db: databasePath,
    mode: 'sandbox',
    clock,
    initialState,
  });
  // The commits' counters and the file read again at the end (persist.ts).
  const database = engine instanceof SqliteEngine ? engine.database : undefined;
  const bank = createBank({
    mode: 'sandbox',
    clock,
    trustStore: new TrustStore([pki.ca.chainPem]),
    registry,
    initialState,
    engine,
  });
  const listener = await bank.listen({ host: '127.0.0.1' });
  if (new URL(listener.url).hostname !== '127.0.0.1')
    throw new Error(`the soak only sends to 127.0.0.1, the bank listens on ${listener.url}`);

  const cpuAtStart = process.cpuUsage();
  const traffic = new TrafficRecorder();
  const book = new SoakBook();
  let stopAt = Number.POSITIVE_INFINITY;
  const world = soakWorld(bank, psus, {
    traffic,
    book,
    stopping: () => Date.now() >= stopAt || traffic.requests >= options.maxRequests,
  });

  const root = new Random(options.seed);
  const setup = {
    pki,
    bankUrl: listener.url,
    world,
    root,
    nextAccountNumber: freeAccountNumbers(bank),
  };
  const tpps: SoakTpp[] = [];
  for (let i = 0; i < options.tpps; i++) {
    const tpp = await enlistTpp(i, psus[i]!, setup);
    world.payAccounts.push(tpp.pay);
    book.balanceSetAccounts.add(tpp.scratch.id);
    tpps.push(tpp);
  }
  const setupRequests = traffic.requests;
  if (options.faults.length > 0) await setFaults(bank, options.faults);
  const run: SoakRun = { options, progress, bank, traffic, book, tpps };

  const before: DomainSnapshot = bank.state();
  progress(`load: ${options.tpps} TPPs for ${options.durationSeconds} s on ${listener.url}`);
  const started = Date.now();
  stopAt = started + options.durationSeconds * 1000;
  const runBatch = batchRun(bank, book);
  const load = await runLoad(run, started, setupRequests, runBatch);

  // Drain: one more batch run settles what was authorised; every TPP reads its payments again.
  progress('drain: last batch run, final status reads');
  runBatch();
  await Promise.all(tpps.map((tpp) => readPaymentsAgain(tpp, book)));
  const endMemory = await settledMemory();
  const after = bank.state();
  await Promise.all(tpps.map((tpp) => tpp.client.close()));
  await bank.close();
  await bank.flush();
  if (database) console.log(commitShare(database, cpuAtStart));
  // What the database file holds against what the bank answered from; nothing without --persist.
  const persisted = databasePath ? await persistedState(database!, databasePath, after) : undefined;
  if (folder) rmSync(folder, { recursive: true, force: true });

  const invariants = soakInvariants(run, {
    before,
    after,
    warmReading: load.warmReading,
    endMemory,
    persisted,
  });
  return soakReport(run, listener.url, load, { after, endMemory, invariants });
}

/**
 * The world every TPP shares: the bank, the recorders, and the creditors of internal transfers
 * (the NOK accounts of the initial data's private customers who are no soak PSU).
 */
function soakWorld(
  bank: Bank,
  psus: readonly CustomerSeed[],
  shared: Pick<SoakWorld, 'traffic' | 'book' | 'stopping'>,
): SoakWorld {
  const initial = bank.state();
  const initialCustomers = initial.customers.filter(
    (c) => c.type === 'PRIVATE' && !psus.some((psu) => psu.customerNumber === c.customerNumber),
  );
  return {
    bank,
    traffic: shared.traffic,
    book: shared.book,
    payAccounts: [],
    creditorAccounts: initial.accounts
      .filter(
        (a) =>
          a.currency === 'NOK' &&
          initialCustomers.some((c) => c.customerNumber === a.customerNumber),
      )
      .map((a) => ({ iban: a.iban, name: a.accountName })),
    outsideAccount: OUTSIDE_ACCOUNT,
    stopping: shared.stopping,
  };
}

/** --fault: the profiles the bank runs with; an unknown one closes the bank and is refused. */
async function setFaults(bank: Bank, faults: readonly string[]): Promise<void> {
  const known = new Set(knownFaults().map((fault) => fault.ruleId));
  const unknown = faults.filter((rule) => !known.has(rule));
  if (unknown.length > 0) {
    await bank.close();
    throw new SoakUsageError(
      `unknown fault profile ${unknown.join(', ')}: \`workbench rules\` lists the rule ids`,
    );
  }
  bank.update((state) => {
    state.behaviour.faultProfiles = [...faults];
  });
}

/** The bank console's batch run; a failure is a deviation, never the end of the soak. */
function batchRun(bank: Bank, book: SoakBook): () => void {
  return () => {
    try {
      bank.act((state, now) => runBatchNow(state, now));
      book.batchRuns++;
    } catch (error) {
      book.deviation(`bank console batch run: ${(error as Error).message}`);
    }
  };
}

/**
 * The load: every TPP loops through journeys until the run stops, while the console runs the
 * batch and a line of progress comes every 5 s; memory is read once warm.
 */
async function runLoad(
  { options, progress, traffic, book, tpps }: SoakRun,
  started: number,
  setupRequests: number,
  runBatch: () => void,
): Promise<LoadResult> {
  // The warm reading's samples end at the warm-up time, while the TPPs go on.
  const samplingMs = (MEMORY_SAMPLES - 1) * MEMORY_SAMPLE_GAP_MS;
  let warmMemory: Promise<MemoryReading> | undefined;
  const warm = setTimeout(
    () => {
      warmMemory = settledMemory();
    },
    Math.max(0, options.warmupSeconds * 1000 - samplingMs),
  );
  const batches = setInterval(runBatch, options.batchEveryMs);
  const ticker = setInterval(
    () =>
      progress(
        `  ${Math.round((Date.now() - started) / 1000)} s: ${traffic.requests - setupRequests} requests, ${book.journeys} journeys, ${memoryLine()}`,
      ),
    5_000,
  );
  await Promise.all(tpps.map((tpp) => tppLoop(tpp)));
  const loadSeconds = (Date.now() - started) / 1000;
  const requests = traffic.requests - setupRequests;
  clearInterval(batches);
  clearInterval(ticker);
  clearTimeout(warm);
  const warmReading = await (warmMemory ?? settledMemory());
  return { loadSeconds, requests, warmReading };
}

/** The drain's final status read of every payment of `tpp`; a failed read is a deviation. */
async function readPaymentsAgain(tpp: SoakTpp, book: SoakBook): Promise<void> {
  for (const payment of tpp.payments)
    try {
      await pollStatus(tpp, payment.paymentId);
    } catch (error) {
      book.deviation(`${tpp.id} final status read: ${(error as Error).message}`);
    }
}

/** Every invariant of a finished run (invariants.ts), the database file's with --persist. */
function soakInvariants(
  { traffic, book }: SoakRun,
  end: {
    before: DomainSnapshot;
    after: DomainSnapshot;
    warmReading: MemoryReading;
    endMemory: MemoryReading;
    persisted: string[] | undefined;
  },
): InvariantResult[] {
  const { before, after, warmReading, endMemory, persisted } = end;
  return [
    ...checkInvariants({
      before,
      after,
      payments: book.payments,
      deposits: book.deposits,
      access: book.access,
      balanceSetAccounts: book.balanceSetAccounts,
      traffic: {
        serverErrors: traffic.count5xx(),
        dropped: traffic.dropped,
        evidence: [
          ...traffic.serverErrors.map((e) => `${e.what}: ${e.status} ${e.body}`),
          ...traffic.failures.slice(0, 10).map((f) => `${f.what}: ${f.error}`),
        ],
      },
      memory: { warmRssBytes: warmReading.rssBytes, endRssBytes: endMemory.rssBytes },
    }),
    ...(persisted
      ? [{ name: 'the database file holds the state the bank answered from', problems: persisted }]
      : []),
    journeysInvariant(book),
  ];
}

/** The journeys' own deviations from the spec, the count of all of them when not all are kept. */
function journeysInvariant(book: SoakBook): InvariantResult {
  return {
    name: 'journeys answered as the spec says',
    problems:
      book.deviationTotal > book.deviations.length
        ? [...book.deviations, `… ${book.deviationTotal} in all`]
        : book.deviations,
  };
}

/** The report of a finished run: its load, the payments' final statuses, memory, invariants. */
function soakReport(
  { options, traffic, book }: SoakRun,
  bankUrl: string,
  { loadSeconds, requests, warmReading }: LoadResult,
  end: { after: DomainSnapshot; endMemory: MemoryReading; invariants: InvariantResult[] },
): SoakReport {
  const { after, endMemory, invariants } = end;
  const ownPayments = new Set(book.payments.map((p) => p.paymentId));
  const payments: Record<string, number> = {};
  for (const payment of after.payments)
    if (ownPayments.has(payment.paymentId))
      payments[payment.transactionStatus] = (payments[payment.transactionStatus] ?? 0) + 1;
  return {
    options,
    bankUrl,
    loadSeconds,
    requests,
    requestsPerSecond: requests / loadSeconds,
    latencyMs: { p50: traffic.latency.percentile(50), p99: traffic.latency.percentile(99) },
    journeys: Object.fromEntries(JOURNEY_KINDS.map((k) => [k, book.completed.get(k)!])) as Record<
      JourneyKind,
      number
    >,
    journeysCompleted: book.journeys,
    payments,
    reads: book.access.length,
    batchRuns: book.batchRuns,
    consoleRevocations: book.consoleRevocations,
    statuses: Object.fromEntries([...traffic.statuses].sort(([a], [b]) => a - b)),
    memory: {
      warm: warmReading,
      end: endMemory,
      bankStateBytes: Buffer.byteLength(JSON.stringify(after)),
    },
    invariants,
    passed: invariants.every((i) => i.problems.length === 0),
  };
}

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
import { norwegianIban } from '../../main/core/bank/domain/ids.js';
import { isBbanInUse } from '../../main/core/bank/domain/parties.js';
import {
  TppRegistry,
  TrustStore,
  createBank,
  type Bank,
  type DomainSnapshot,
} from '../../main/core/bank/index.js';
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
import { createTestCa, issueQsealc, type TestCa } from '../../main/core/certs/issue.js';
import { generateRsaKeyPair, type RsaKeyPair } from '../../main/core/certs/keys.js';
import { VirtualClock } from '../../main/core/clock.js';
import { norwegianBbanCheckDigit } from '../../main/core/spec/validators/norwegianBban.js';
import { TppClient } from '../../main/core/tpp/client.js';
import { newPsuSession } from '../../main/core/tpp/psu-session.js';
import { JOURNEY_KINDS, Random, SoakBook, type JourneyKind } from './book.js';
import { checkInvariants } from './invariants.js';
import { JOURNEY_WEIGHTS, pollStatus, runJourney } from './journeys.js';
import { SoakUsageError, type SoakOptions } from './options.js';
import { JourneyStop, SoakTpp, type SoakWorld } from './tpp.js';
import { soakInitialState, soakPsus } from './psus.js';
import { TrafficRecorder } from './traffic.js';
import type { SoakReport } from './report.js';

export type { SoakReport } from './report.js';

/** A Norwegian account outside the bank (a valid BBAN of another bank registration). */
const OUTSIDE_ACCOUNT = { iban: 'NO9386011117947', bban: '86011117947', name: 'Utenfor Banken AS' };
const FUNDING_MINOR = 300_000; // 3 000.00 NOK: payments of up to 400.00 run it down; deposits refill it
const REDIRECT_BASE = 'https://tpp.example/soak';

interface AccountNumber {
  bban: string;
  iban: string;
}

/**
 * Free Norwegian account numbers for the TPPs' holdings, `9720` + a running number + the mod-11
 * check digit, skipping any the bank already has. (900 000 candidates; a soak needs 3 per TPP.)
 */
function freeAccountNumbers(bank: Bank): () => AccountNumber {
  const state = bank.state();
  let n = 100_000;
  return () => {
    for (; n <= 999_999; n++) {
      const firstTen = `9720${n}`;
      const check = norwegianBbanCheckDigit(firstTen);
      if (check === undefined) continue;
      const bban = `${firstTen}${check}`;
      const iban = norwegianIban(bban);
      if (iban && !isBbanInUse(state, bban)) {
        n++;
        return { bban, iban };
      }
    }
    throw new Error('no free account number left in the 9720 range');
  };
}

async function createPki(): Promise<{ ca: TestCa; keyPair: RsaKeyPair }> {
  const [rootKey, intermediateKey, keyPair] = await Promise.all([
    generateRsaKeyPair(2048),
    generateRsaKeyPair(2048),
    generateRsaKeyPair(2048),
  ]);
  return { ca: await createTestCa({ rootKey, intermediateKey }), keyPair };
}

/** The TPP's own holdings through the sandbox API (§4.3): pay and scratch accounts and a card. */
async function openAccounts(tpp: SoakTpp, index: number, nextAccountNumber: () => AccountNumber) {
  const account = async (name: string, creditLine: number, funding: number) => {
    const free = nextAccountNumber();
    const { body } = await tpp.expect('POST /v1/sandbox/accounts', 201, {
      method: 'POST',
      path: '/v1/sandbox/accounts',
      body: {
        customerNumber: tpp.psu.customerNumber,
        accountName: name,
        bban: free.bban,
        iban: free.iban,
        currency: 'NOK',
        product: 'Brukskonto',
        cashAccountType: 'CACC',
        creditLine,
        balances: [
          { balanceAmount: { currency: 'NOK', amount: funding }, balanceType: 'closingBooked' },
        ],
      },
    });
    return { id: body.id as string, bban: free.bban, iban: free.iban };
  };
  // Every other pay account has a credit line: funds are expected balance plus credit line.
  tpp.pay = await account(`Soak ${index} brukskonto`, index % 2 === 0 ? 0 : 50_000, FUNDING_MINOR);
  tpp.scratch = await account(`Soak ${index} sandkasse`, 0, 0);
  const cardBban = nextAccountNumber().bban;
  const maskedPan = `525412******${String(index).padStart(4, '0')}`;
  const { body } = await tpp.expect('POST /v1/sandbox/card-accounts', 201, {
    method: 'POST',
    path: '/v1/sandbox/card-accounts',
    body: {
      customerNumber: tpp.psu.customerNumber,
      maskedPan,
      currency: 'NOK',
      creditLimit: { currency: 'NOK', amount: 2_000_000 },
      balances: [{ balanceAmount: { currency: 'NOK', amount: 0 }, balanceType: 'closingBooked' }],
      cardId: `soak-card-${index}`,
      cardIdVNo: '01',
      accountNumber: cardBban,
      expiry: '2030-06',
      name: 'Mastercard Gold',
      product: 'MASTERCARD',
      status: 'enabled',
    },
  });
  tpp.card = { id: body.resourceId as string, maskedPan };
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
  const { ca, keyPair } = await createPki();
  const orgId = (i: number) => `PSDNO-FSA-SOAK${String(i).padStart(4, '0')}`;
  const registry = new TppRegistry(
    Array.from({ length: options.tpps }, (_, i) => ({
      organizationIdentifier: orgId(i),
      name: `Soak TPP ${i}`,
      roles: ['AISP' as const, 'PISP' as const],
    })),
  );
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
    trustStore: new TrustStore([ca.chainPem]),
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
  const initial = bank.state();
  const initialCustomers = initial.customers.filter(
    (c) => c.type === 'PRIVATE' && !psus.some((psu) => psu.customerNumber === c.customerNumber),
  );
  const world: SoakWorld = {
    bank,
    traffic,
    book,
    payAccounts: [],
    creditorAccounts: initial.accounts
      .filter(
        (a) =>
          a.currency === 'NOK' &&
          initialCustomers.some((c) => c.customerNumber === a.customerNumber),
      )
      .map((a) => ({ iban: a.iban, name: a.accountName })),
    outsideAccount: OUTSIDE_ACCOUNT,
    stopping: () => Date.now() >= stopAt || traffic.requests >= options.maxRequests,
  };

  const root = new Random(options.seed);
  const nextAccountNumber = freeAccountNumbers(bank);
  const tpps: SoakTpp[] = [];
  for (let i = 0; i < options.tpps; i++) {
    const certificate = await issueQsealc({
      issuer: ca.issuer,
      subject: {
        commonName: `Soak TPP ${i}`,
        organizationName: `Soak TPP ${i} AS`,
        countryName: 'NO',
        organizationIdentifier: orgId(i),
      },
      roles: ['PSP_AI', 'PSP_PI'],
      ncaName: 'Finanstilsynet',
      ncaId: 'NO-FSA',
      keyPair,
    });
    const session = newPsuSession(`${REDIRECT_BASE}/${i}/callback`, {
      psuIpAddress: `192.0.2.${(i % 250) + 1}`,
    });
    const client = new TppClient({
      baseUrl: listener.url,
      signing: { key: certificate.privateKey, certificate: certificate.certificateDer },
      session: () => session,
    });
    const psu = psus[i]!;
    const tpp = new SoakTpp(
      orgId(i),
      client,
      session,
      { customerNumber: psu.customerNumber, nationalIdentityNumber: psu.nationalIdentityNumber },
      world,
      new Random(Math.floor(root.next() * 2 ** 31)),
    );
    await openAccounts(tpp, i, nextAccountNumber);
    world.payAccounts.push(tpp.pay);
    book.balanceSetAccounts.add(tpp.scratch.id);
    tpps.push(tpp);
  }
  const setupRequests = traffic.requests;
  if (options.faults.length > 0) {
    const known = new Set(knownFaults().map((fault) => fault.ruleId));
    const unknown = options.faults.filter((rule) => !known.has(rule));
    if (unknown.length > 0) {
      await bank.close();
      throw new SoakUsageError(
        `unknown fault profile ${unknown.join(', ')}: \`workbench rules\` lists the rule ids`,
      );
    }
    bank.update((state) => {
      state.behaviour.faultProfiles = [...options.faults];
    });
  }

  const before: DomainSnapshot = bank.state();
  progress(`load: ${options.tpps} TPPs for ${options.durationSeconds} s on ${listener.url}`);
  const started = Date.now();
  stopAt = started + options.durationSeconds * 1000;
  // The warm reading's samples end at the warm-up time, while the TPPs go on.
  const samplingMs = (MEMORY_SAMPLES - 1) * MEMORY_SAMPLE_GAP_MS;
  let warmMemory: Promise<MemoryReading> | undefined;
  const warm = setTimeout(
    () => {
      warmMemory = settledMemory();
    },
    Math.max(0, options.warmupSeconds * 1000 - samplingMs),
  );
  const runBatch = () => {
    try {
      bank.act((state, now) => runBatchNow(state, now));
      book.batchRuns++;
    } catch (error) {
      book.deviation(`bank console batch run: ${(error as Error).message}`);
    }
  };
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

  // Drain: one more batch run settles what was authorised; every TPP reads its payments again.
  progress('drain: last batch run, final status reads');
  runBatch();
  await Promise.all(
    tpps.map(async (tpp) => {
      for (const payment of tpp.payments)
        try {
          await pollStatus(tpp, payment.paymentId);
        } catch (error) {
          book.deviation(`${tpp.id} final status read: ${(error as Error).message}`);
        }
    }),
  );
  const endMemory = await settledMemory();
  const after = bank.state();
  await Promise.all(tpps.map((tpp) => tpp.client.close()));
  await bank.close();
  await bank.flush();
  if (database) console.log(commitShare(database, cpuAtStart));
  const persisted = databasePath ? await persistedState(database!, databasePath, after) : [];
  if (folder) rmSync(folder, { recursive: true, force: true });

  const invariants = [
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
    ...(databasePath
      ? [{ name: 'the database file holds the state the bank answered from', problems: persisted }]
      : []),
    {
      name: 'journeys answered as the spec says',
      problems:
        book.deviationTotal > book.deviations.length
          ? [...book.deviations, `… ${book.deviationTotal} in all`]
          : book.deviations,
    },
  ];
  const ownPayments = new Set(book.payments.map((p) => p.paymentId));
  const payments: Record<string, number> = {};
  for (const payment of after.payments)
    if (ownPayments.has(payment.paymentId))
      payments[payment.transactionStatus] = (payments[payment.transactionStatus] ?? 0) + 1;
  return {
    options,
    bankUrl: listener.url,
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

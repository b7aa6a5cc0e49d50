/**
 * `npm run bench:bank`, the rows at scale: a bank holding N consents and N payments (0, 1k, 10k,
 * 100k), with its database file against in memory:
 *
 * - signed GET /v1/consents/{id} (the consent the lookup finds last): the median latency of
 *   in-process `bank.handle` calls (signature checked, no socket; on the durable bank the answer
 *   waits for its, empty, commit), the two banks alternated, the median of three rounds;
 * - durable payment POSTs (SEPA credit transfer, each answered after the fsync'ed commit that
 *   holds it) with BENCH_CONNECTIONS in flight, against the same on the in-memory bank.
 *
 * The N entities are copies of a consent and a payment the bank made itself (so every field is as
 * the bank writes it), with their own ids, the payments settled (ACSC) as in a long-running
 * sandbox where almost all are final.
 */
import type { KeyObject } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createBank, type Bank, type BankRequest } from '../main/core/bank/index.js';
import { buildInitialState } from '../main/core/bank/domain/initial-data.js';
import type { Consent, DomainState, Payment } from '../main/core/bank/domain/model.js';
import { BankDatabase } from '../main/core/bank/store/bank-database.js';
import { PgBankStore } from '../main/core/bank/store/pg-bank-store.js';
import type { VirtualClock } from '../main/core/clock.js';
import { startPostgres, type ThrowawayPostgres } from '../test/support/postgres.js';
import { signRequest } from '../main/core/tpp/signer.js';
import { createTestCa, issueQsealc } from '../main/core/certs/issue.js';

export interface Seal {
  certificateDer: Buffer;
  privateKey: KeyObject | string;
}

const OLA_NIN = '15038512363';
const OLA_ACCOUNT = 'NO5297100512347';
const KARI_ACCOUNT = 'NO6997100712346';

/** A QSealC of a TPP with both roles, from a test CA of its own. */
export async function benchSeal() {
  const ca = await createTestCa();
  return issueQsealc({
    issuer: ca.issuer,
    subject: { commonName: 'Bench TPP', countryName: 'NO', organizationIdentifier: 'PSDNO-FSA-1' },
    roles: ['PSP_AI', 'PSP_PI'],
    ncaName: 'Finanstilsynet',
    ncaId: 'NO-FSA',
  });
}

let counter = 0;
/**
 * A signed request, lower-cased as node:http gives it; `session` adds the §4 headers of a TPP
 * acting in a PSU's session (the consent and payment rows need them).
 */
export function benchRequest(
  seal: Seal,
  method: string,
  target: string,
  body?: unknown,
  session = false,
): BankRequest {
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  const n = (counter += 1).toString(16).padStart(12, '0');
  const headers = signRequest({
    method,
    path: target,
    headers: {
      'X-Request-ID': `6f1c2a9e-7023-4848-9853-${n}`,
      ...(session ? SESSION_HEADERS : {}),
      ...(payload ? { 'Content-Type': 'application/json' } : {}),
    },
    ...(payload ? { body: payload } : {}),
    certificate: seal.certificateDer,
    signingKey: seal.privateKey as never,
  }).headers;
  const lower: Record<string, string> = { host: '127.0.0.1' };
  for (const [name, value] of Object.entries(headers)) lower[name.toLowerCase()] = value;
  return {
    method,
    target,
    headers: lower,
    duplicateHeaders: [],
    body: payload ?? Buffer.alloc(0),
    remoteAddress: '127.0.0.1',
  };
}

const SESSION_HEADERS = {
  'X-PSU-IDENTITY': OLA_NIN,
  'x-accept-fix': 'amount-as-string',
  'TPP-Session-ID': 'bench-session',
  'TPP-Redirect-URI': 'https://tpp.example/callback',
  'PSU-IP-Address': '192.0.2.10',
};

export const tppRequest = (seal: Seal, method: string, target: string, body?: unknown) =>
  benchRequest(seal, method, target, body, true);

const transfer = (cents: number) => ({
  instructedAmount: { amount: (cents / 100).toFixed(2), currency: 'NOK' },
  debtorAccount: { iban: OLA_ACCOUNT, currency: 'NOK' },
  creditorAccount: { iban: KARI_ACCOUNT, currency: 'NOK' },
  creditorName: 'Kari Nordmann',
  remittanceInformationUnstructured: `bench ${cents}`,
});

async function expectStatus(bank: Bank, request: BankRequest, status: number) {
  const response = await bank.handle(request);
  if (response.status !== status)
    throw new Error(`${request.method} ${request.target}: ${response.status} ${response.body}`);
  return JSON.parse(response.body) as Record<string, unknown>;
}

/** A consent and a payment (RCVD, never authorised) as the bank makes them, to copy. */
export async function templates(seal: Seal, clock: VirtualClock) {
  const bank = createBank({ mode: 'sandbox', clock });
  await expectStatus(
    bank,
    tppRequest(seal, 'POST', '/v1/consents', {
      access: { accounts: [{ iban: OLA_ACCOUNT }] },
      recurringIndicator: true,
      validUntil: '2099-12-31',
      frequencyPerDay: 4,
    }),
    201,
  );
  await expectStatus(
    bank,
    tppRequest(seal, 'POST', '/v1/payments/sepa-credit-transfers', transfer(100)),
    201,
  );
  const state = bank.state();
  await bank.close();
  return { consent: state.consents[0]!, payment: state.payments[0]! };
}

/** The initial state with `count` consents and payments; the template consent is the last. */
export function stateWith(
  count: number,
  now: Date,
  consent: Consent,
  payment: Payment,
): DomainState {
  const state = buildInitialState(now);
  for (let i = 0; i < count; i += 1) {
    state.consents.push({ ...structuredClone(consent), consentId: `bench-consent-${i}` });
    state.payments.push({
      ...structuredClone(payment),
      paymentId: `bench-payment-${i}`,
      transactionStatus: 'ACSC',
    });
  }
  state.consents.push(structuredClone(consent));
  return state;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

export async function getLatencyMs(
  bank: Bank,
  request: BankRequest,
  calls: number,
): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < calls; i += 1) {
    const started = performance.now();
    const response = await bank.handle(request);
    times.push(performance.now() - started);
    if (response.status !== 200) throw new Error(`GET answered ${response.status}`);
  }
  return median(times);
}

async function postsPerSecond(bank: Bank, seal: Seal, inFlight: number, count: number) {
  // Signed in advance: the figure is the bank's, not the client's RSA signing.
  const requests = Array.from({ length: count }, () =>
    tppRequest(seal, 'POST', '/v1/payments/sepa-credit-transfers', transfer(1000 + counter)),
  );
  let next = 0;
  const client = async () => {
    while (next < requests.length) {
      const response = await bank.handle(requests[next++]!);
      if (response.status !== 201) throw new Error(`POST answered ${response.status}`);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: inFlight }, client));
  return count / ((performance.now() - started) / 1000);
}

/**
 * Where the durable bank keeps its state: a SQLite file, or a (throwaway) PostgreSQL database
 * served by this bank alone (`postgres`) or with PEERS more bank processes joined
 * (`postgres-shared`: each holds a read lease, and each commit waits for the others to
 * acknowledge its version, store/pg-member-lease.ts).
 */
export type Engine = 'sqlite' | 'postgres' | 'postgres-shared';

/** The banks joined to the measured one in `postgres-shared` (BENCH_PEERS, default 2: three). */
const PEERS = Number(process.env.BENCH_PEERS ?? 2);

export interface EntityRow {
  engine: Engine;
  size: number;
  getDurableMs: number;
  getMemoryMs: number;
  postDurable: number;
  postMemory: number;
  commitRowsPerGet: number;
  /** PostgreSQL: the GETs that asked the database for its version, per GET (0 to 1). */
  versionReadsPerGet: number;
}

/** The rows for every size in `sizes` (0 included). */
export async function entityRows(
  seal: Seal,
  clockAt: () => VirtualClock,
  sizes: readonly number[],
  inFlight: number,
  engine: Engine = 'sqlite',
): Promise<EntityRow[]> {
  const { consent, payment } = await templates(seal, clockAt());
  const folder = mkdtempSync(join(tmpdir(), 'bench-entities-'));
  const server: ThrowawayPostgres | undefined =
    engine === 'sqlite' ? undefined : await startPostgres();
  const rows: EntityRow[] = [];
  try {
    for (const size of sizes) {
      const clock = clockAt();
      const initialState = () => stateWith(size, clock.now(), consent, payment);
      let shared: PgBankStore | undefined;
      const peers: PgBankStore[] = [];
      let database: BankDatabase | undefined;
      if (server) {
        const url = server.createDatabase(`entities_${size}`);
        shared = await PgBankStore.open(url, clock);
        await shared.start(initialState);
        if (engine === 'postgres-shared')
          for (let index = 0; index < PEERS; index += 1) {
            // Another bank on the same database (its own connections, as its own process has).
            const peer = await PgBankStore.open(url, clockAt());
            await peer.start(initialState);
            peers.push(peer);
          }
      } else database = await BankDatabase.open(join(folder, `entities-${size}.db`));
      const durable = createBank({
        mode: 'sandbox',
        clock,
        initialState,
        ...(database ? { database } : {}),
        ...(shared ? { sharedStore: shared } : {}),
      });
      const memory = createBank({ mode: 'sandbox', clock, initialState });
      const get = tppRequest(seal, 'GET', `/v1/consents/${consent.consentId}`);
      const durableTimes: number[] = [];
      const memoryTimes: number[] = [];
      await getLatencyMs(durable, get, 20); // warm both
      await getLatencyMs(memory, get, 20);
      const before = database?.counters.rowsWritten ?? 0;
      const asked = shared?.counters.versionReads ?? 0;
      for (let round = 0; round < 3; round += 1) {
        durableTimes.push(await getLatencyMs(durable, get, 100));
        memoryTimes.push(await getLatencyMs(memory, get, 100));
      }
      const commitRowsPerGet = ((database?.counters.rowsWritten ?? 0) - before) / 300;
      const versionReadsPerGet = ((shared?.counters.versionReads ?? 0) - asked) / 300;
      const posts = size >= 100_000 ? 500 : 1_000;
      // Warmed first (not timed): the first size's POSTs otherwise measure the JIT compiling.
      await postsPerSecond(durable, seal, inFlight, 64);
      await postsPerSecond(memory, seal, inFlight, 64);
      const postDurable = await postsPerSecond(durable, seal, inFlight, posts);
      const postMemory = await postsPerSecond(memory, seal, inFlight, posts);
      rows.push({
        engine,
        size,
        getDurableMs: median(durableTimes),
        getMemoryMs: median(memoryTimes),
        postDurable,
        postMemory,
        commitRowsPerGet,
        versionReadsPerGet,
      });
      await durable.close();
      await memory.close();
      database?.close();
      for (const peer of peers) await peer.close();
      await shared?.close();
    }
  } finally {
    server?.stop();
    rmSync(folder, { recursive: true, force: true });
  }
  return rows;
}

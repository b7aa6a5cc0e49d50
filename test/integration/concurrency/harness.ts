/**
 * Shared rig of the concurrency scenarios: a listening bank with the sandbox
 * initial data and a frozen virtual clock, optionally with its state in a database file (every
 * request one transaction, answered after its commit; store/bank-database.ts), a signing
 * TPP, and a PSU that drives the SCA pages over HTTP up to — not including — the final submission.
 *
 * The bank is single-threaded: a "race" is an interleaving at await points. Two ways to make them:
 * HTTP requests in flight together (each request's pipeline starts in its own macrotask), and
 * `bank.handle` calls started in one tick (they interleave where the pipeline waits: a stage,
 * handler or commit that gives a promise; assembly/pipeline.ts). `afterMicrotasks` and
 * `afterImmediates` place a request or a third action (e.g. the console's batch run) at a chosen
 * point before, between or after them.
 */
import { request } from 'undici';
import { expect } from 'vitest';
import {
  TppRegistry,
  TrustStore,
  createBank,
  type Bank,
  type BankListener,
  type BankMode,
  type BankRequest,
} from '../../../main/core/bank/index.js';
import { BankDatabase } from '../../../main/core/bank/store/bank-database.js';
import type { PgBankStore } from '../../../main/core/bank/store/pg-bank-store.js';
import { emptyDomainSnapshot, type DomainSnapshot } from '../../../main/core/bank/state.js';
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { INITIAL_CUSTOMERS } from '../../../main/core/bank/domain/initial-data.js';
import { VirtualClock } from '../../../main/core/clock.js';
import { TppClient } from '../../../main/core/tpp/client.js';
import type { Exchange } from '../../../main/shared/exchange.js';
import { findElement, formData, parseForms } from '../../../main/core/tpp/psu-agent/html-forms.js';
import { newPsuSession, type PsuSession } from '../../../main/core/tpp/psu-session.js';
import { ORGANIZATION_ID, createPki, type Pki } from '../../unit/bank/fixtures.js';

export const REDIRECT_URI = 'https://tpp.example/callback';
export const OLA = INITIAL_CUSTOMERS.find((c) => c.name === 'Ola Nordmann')!;
export const OLA_BRUKSKONTO = 'NO5297100512347';
export const KARI_BRUKSKONTO = 'NO6997100712346';
export const HOUR = 60 * 60 * 1000;

let sharedPki: Promise<Pki> | undefined;
/** One PKI per test file (RSA key generation is the slow part). */
export function testPki(): Promise<Pki> {
  sharedPki ??= createPki();
  return sharedPki;
}

/** A state store whose every write takes `delayMs` (a slow disk); it counts the writes. */
/** The bank's database file and a way to read what it has committed. */
export interface RigDatabase {
  database: BankDatabase;
  path: string;
  /** The state committed to the file, read over a connection of its own (WAL: commits only). */
  committed(): DomainSnapshot;
}

async function rigDatabase(): Promise<RigDatabase & { remove(): void }> {
  const folder = mkdtempSync(join(tmpdir(), 'rig-db-'));
  const path = join(folder, 'bank.db');
  const database = await BankDatabase.open(path, { verifyTracking: true, pagedEntitiesKept: 0 });
  return {
    database,
    path,
    committed() {
      const reader = new Database(path, { readonly: true });
      try {
        const rows = reader
          .prepare('SELECT collection, record FROM bank_entities ORDER BY collection, position')
          .all() as { collection: string; record: string }[];
        // Every collection, empty ones too (they have no rows).
        const state: Record<string, unknown[]> = Object.fromEntries(
          Object.keys(emptyDomainSnapshot()).map((name) => [name, []]),
        );
        for (const row of rows) (state[row.collection] ??= []).push(JSON.parse(row.record));
        const records = (table: string) =>
          (
            reader.prepare(`SELECT record FROM ${table} ORDER BY seq`).pluck().all() as string[]
          ).map((record) => JSON.parse(record) as never);
        return {
          ...(state as unknown as DomainSnapshot),
          behaviour: state.behaviour![0] as DomainSnapshot['behaviour'],
          accountTransactions: records('account_transactions'),
          cardTransactions: records('card_transactions'),
        };
      } finally {
        reader.close();
      }
    },
    remove() {
      database.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

export interface Rig {
  pki: Pki;
  bank: Bank;
  clock: VirtualClock;
  listener: BankListener;
  store?: RigDatabase;
  tpp: TppClient;
  session: PsuSession;
  send(
    method: string,
    path: string,
    headers?: Record<string, string | null>,
    body?: object,
  ): Promise<Exchange>;
  /** A signed in-process request (for `bank.handle`, no socket). */
  signed(
    method: string,
    path: string,
    headers?: Record<string, string | null>,
    body?: object,
  ): Promise<BankRequest>;
  close(): Promise<void>;
}

export type StoreOption = 'in memory' | 'database file';
export const STORE_OPTIONS: readonly StoreOption[] = ['in memory', 'database file'];

/** The bank clock of every scenario: 10:00 UTC today, between the 09:00 and 12:00 batch runs. */
function tenOClock(): Date {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 10, 0));
}

export async function startRig(
  options: {
    mode?: BankMode;
    store?: StoreOption;
    /** A PostgreSQL store opened on the rig's clock (then `store` is not used). */
    shared?: (clock: VirtualClock) => Promise<PgBankStore>;
  } = {},
): Promise<Rig> {
  const pki = await testPki();
  const clock = new VirtualClock();
  clock.freeze(); // frozen first: a running clock set, then frozen, moves on by the time between
  clock.set(tenOClock());
  const store = options.store === 'database file' ? await rigDatabase() : undefined;
  const shared = options.shared ? await options.shared(clock) : undefined;
  const bank = createBank({
    mode: options.mode ?? 'sandbox',
    clock,
    trustStore: new TrustStore([pki.ca.chainPem]),
    registry: new TppRegistry([
      { organizationIdentifier: ORGANIZATION_ID, name: 'Example TPP AS', roles: ['AISP', 'PISP'] },
    ]),
    ...(store ? { database: store.database } : {}),
    ...(shared ? { sharedStore: shared } : {}),
  });
  const listener = await bank.listen();
  const session = newPsuSession(REDIRECT_URI, { psuIpAddress: '192.0.2.10' });
  const tpp = new TppClient({
    baseUrl: listener.url,
    signing: { key: pki.seal.privateKey, certificate: pki.seal.certificateDer },
    session: () => session,
  });
  const send: Rig['send'] = (method, path, headers = {}, body) =>
    tpp.send({ method, path, headers, ...(body ? { body } : {}) });
  return {
    pki,
    bank,
    clock,
    listener,
    ...(store ? { store } : {}),
    tpp,
    session,
    send,
    async signed(method, path, headers = {}, body) {
      // The client builds the exchange exactly as it would send it; the bank gets those bytes.
      const prepared = await tpp.prepare({ method, path, headers, ...(body ? { body } : {}) });
      const lower: Record<string, string> = {};
      for (const [name, value] of Object.entries(prepared.request.headers))
        lower[name.toLowerCase()] = value;
      lower.host = new URL(listener.url).host;
      return {
        method,
        target: new URL(prepared.request.url).pathname + new URL(prepared.request.url).search,
        headers: lower,
        body: Buffer.from(prepared.request.body ?? ''),
        remoteAddress: '127.0.0.1',
      };
    },
    async close() {
      await tpp.close();
      await bank.close();
      store?.remove();
      await shared?.close();
    },
  };
}

export const json = (exchange: Exchange) => exchange.response?.json as any; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON under test

export function expectStatus(exchange: Exchange, status: number): void {
  expect(exchange.response?.status, exchange.response?.body ?? exchange.error).toBe(status);
}

// ---- the PSU's browser, stopped before the last click ----------------------------------------

export interface FinalForm {
  /** Where the form posts (the authorisation's page). */
  url: URL;
  /** The browser's cookie binding it to the authorisation. */
  cookie: string;
  /** The form fields a browser sends for "Confirm". */
  fields: [string, string][];
  step: 'consent' | 'authorise';
}

export interface PageAnswer {
  status: number;
  location?: string;
  html: string;
}

/**
 * Opens `scaRedirect` and goes through login (and the production one-time code) and the context
 * page as Ola in private context, up to the consent or authorise page; returns that page's
 * "Confirm" submission without sending it. Consent pages get every account ticked.
 */
export async function driveToFinalForm(scaRedirect: string, login = OLA.nationalIdentityNumber) {
  let url = new URL(scaRedirect);
  let cookie = '';
  let method: 'GET' | 'POST' = 'GET';
  let body: [string, string][] | undefined;
  for (let page = 0; page < 12; page++) {
    const response = await request(url, {
      method,
      headers: {
        accept: 'text/html',
        ...(cookie ? { cookie } : {}),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(body ? { body: new URLSearchParams(body).toString() } : {}),
    });
    const setCookie = response.headers['set-cookie'];
    if (setCookie)
      cookie = String(Array.isArray(setCookie) ? setCookie[0] : setCookie).split(';')[0]!;
    const html = await response.body.text();
    if (response.statusCode === 303) {
      const location = new URL(String(response.headers.location), url);
      expect(location.pathname.startsWith('/sca/'), `left the bank early: ${location}`).toBe(true);
      url = location;
      method = 'GET';
      body = undefined;
      continue;
    }
    expect(response.statusCode, html).toBe(200);
    const step = findElement(html, 'sca-page')?.attributes['data-step'];
    const form = parseForms(html).find((candidate) => candidate.attributes.name === step)!;
    expect(form, `page ${step} has its form`).toBeDefined();
    const button = (value: string) =>
      form.controls.find((control) => control.name === 'action' && control.value === value)!;
    if (step === 'consent' || step === 'authorise') {
      for (const box of form.controls.filter((control) => control.name === 'account'))
        box.checked = true;
      return {
        url: new URL(form.action || url.toString(), url),
        cookie,
        fields: formData(form, button('confirm')),
        step,
      } satisfies FinalForm;
    }
    if (step === 'login')
      for (const control of form.controls.filter((c) => c.name === 'nationalIdentityNumber'))
        control.value = login;
    if (step === 'code')
      for (const control of form.controls.filter((c) => c.name === 'oneTimeCode'))
        control.value = findElement(html, 'one-time-code-sent')!.text;
    if (step === 'context')
      for (const control of form.controls.filter((c) => c.name === 'context'))
        control.checked = control.value === 'PRIVATE';
    const submitter =
      step === 'login' ? button('login') : step === 'code' ? button('verify') : button('choose');
    url = new URL(form.action || url.toString(), url);
    method = 'POST';
    body = formData(form, submitter);
  }
  throw new Error('the SCA pages never reached the final form');
}

/** Sends the final form over HTTP (its own connection, as a second browser tab would). */
export async function submitOverHttp(form: FinalForm): Promise<PageAnswer> {
  const response = await request(form.url, {
    method: 'POST',
    headers: {
      accept: 'text/html',
      cookie: form.cookie,
      'content-type': 'application/x-www-form-urlencoded',
      connection: 'close',
    },
    body: new URLSearchParams(form.fields).toString(),
  });
  const html = await response.body.text();
  return {
    status: response.statusCode,
    ...(response.headers.location ? { location: String(response.headers.location) } : {}),
    html,
  };
}

/** The same submission as a BankRequest, for `bank.handle` in-process. */
export function submissionRequest(form: FinalForm): BankRequest {
  return {
    method: 'POST',
    target: form.url.pathname + form.url.search,
    headers: {
      host: form.url.host,
      accept: 'text/html',
      cookie: form.cookie,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: Buffer.from(new URLSearchParams(form.fields).toString()),
    remoteAddress: '127.0.0.1',
  };
}

export async function submitInProcess(bank: Bank, form: FinalForm): Promise<PageAnswer> {
  const response = await bank.handle(submissionRequest(form));
  return {
    status: response.status,
    ...(response.headers.location ? { location: response.headers.location } : {}),
    html: response.body,
  };
}

// ---- placing an action between the awaits of requests in flight ------------------------------

/** Runs `action` after `count` microtask turns (before, between or after the awaits of `bank.handle`). */
export function afterMicrotasks<T>(count: number, action: () => T): Promise<T> {
  let chain: Promise<void> = Promise.resolve();
  for (let i = 0; i < count; i++) chain = chain.then(() => undefined);
  return chain.then(action);
}

/** Runs `action` after `count` event-loop turns (between socket events of HTTP requests). */
export async function afterImmediates<T>(count: number, action: () => T): Promise<T> {
  for (let i = 0; i < count; i++) await new Promise((resolve) => setImmediate(resolve));
  return action();
}

// ---- what the state says about a payment ------------------------------------------------------

/** Ledger entries (account transactions) a payment produced, and its status history. */
export function paymentFacts(bank: Bank, paymentId: string) {
  const state = bank.state();
  const payment = state.payments.find((p) => p.paymentId === paymentId);
  if (!payment) throw new Error(`no payment ${paymentId}`);
  const entries = state.accountTransactions.filter((entry) => entry.paymentId === paymentId);
  return {
    status: payment.transactionStatus,
    history: payment.statusHistory.map((entry) => entry.transactionStatus),
    debits: entries.filter((entry) => entry.amount < 0),
    credits: entries.filter((entry) => entry.amount > 0),
  };
}

export function balanceOf(bank: Bank, iban: string): { closingBooked: number; expected: number } {
  const account = bank.state().accounts.find((candidate) => candidate.iban === iban);
  if (!account) throw new Error(`no account ${iban}`);
  return { ...account.balances };
}

/** §2.2 SCT body: Ola's current account to Kari's. */
export function sct(amount: string, remittance: string) {
  return {
    instructedAmount: { amount, currency: 'NOK' },
    debtorAccount: { iban: OLA_BRUKSKONTO, currency: 'NOK' },
    creditorAccount: { iban: KARI_BRUKSKONTO, currency: 'NOK' },
    creditorName: 'Kari Nordmann',
    remittanceInformationUnstructured: remittance,
  };
}

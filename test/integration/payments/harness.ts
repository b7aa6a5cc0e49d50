/**
 * Payments over loopback: the SCA harness's bank and TPPs (test/integration/sca/harness.ts), plus
 * payment bodies from the initial data, a pay-and-approve helper and balance readers. Everything
 * the tests judge goes over HTTP; balances are read from the bank state only to compare before
 * and after (the ledger is the same one the AIS views read).
 */
import { expect } from 'vitest';
import type { Exchange } from '../../../main/shared/exchange.js';
import { KARI, OLA, json, startHarness, type Harness, type Tpp } from '../sca/harness.js';

export { KARI, OLA, json, startHarness, type Harness, type Tpp };

export const OLA_BRUKSKONTO = 'NO5297100512347';
export const OLA_SPAREKONTO = 'NO8797100523454';
export const KARI_BRUKSKONTO = 'NO6997100712346';
export const HAVBRIS_EUR = 'NO6997101389018';
/** A valid German IBAN outside the bank. */
export const EXTERNAL_IBAN = 'DE89370400440532013000';

export type Body = Record<string, unknown>;

/** A §2.2 SCT from Ola's current account to Kari's, 100.00 NOK. */
export function sct(overrides: Body = {}): Body {
  return {
    instructedAmount: { amount: '100.00', currency: 'NOK' },
    debtorAccount: { iban: OLA_BRUKSKONTO, currency: 'NOK' },
    creditorAccount: { iban: KARI_BRUKSKONTO, currency: 'NOK' },
    creditorName: 'Kari Nordmann',
    remittanceInformationUnstructured: `Middag ${Math.random().toString(36).slice(2, 8)}`,
    ...overrides,
  };
}

/** Headers of a single-SCA initiation (no PSU-ID yet, release 1.17.0). */
export const SINGLE_SCA = { 'x-accept-fix': 'amount-as-string', 'PSU-Context': 'PRIVATE' };

export function paymentTpp(h: Harness): Tpp {
  return h.tpp({ session: { psuIpAddress: '192.0.2.10' } });
}

export async function initiate(
  tpp: Tpp,
  body: Body,
  options: {
    service?: string;
    product?: string;
    headers?: Record<string, string | null>;
    query?: string;
  } = {},
): Promise<Exchange> {
  const service = options.service ?? 'payments';
  const product = options.product ?? 'sepa-credit-transfers';
  return tpp.send(
    'POST',
    `/v1/${service}/${product}${options.query ?? ''}`,
    { ...SINGLE_SCA, ...options.headers },
    body,
  );
}

export interface Created {
  paymentId: string;
  path: string;
  scaRedirect?: string;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON under test
  exchange: Exchange;
}

/** Initiates and expects 201. */
export async function create(
  tpp: Tpp,
  body: Body,
  options: Parameters<typeof initiate>[2] = {},
): Promise<Created> {
  const exchange = await initiate(tpp, body, options);
  expect(exchange.response?.status, exchange.response?.body).toBe(201);
  const answer = json(exchange);
  return {
    paymentId: answer.paymentId,
    path: `/v1/${options.service ?? 'payments'}/${options.product ?? 'sepa-credit-transfers'}/${answer.paymentId}`,
    ...(answer._links?.scaRedirect ? { scaRedirect: answer._links.scaRedirect.href } : {}),
    body: answer,
    exchange,
  };
}

/** Ola (or `login`) completes the SCA in private context. */
export async function approve(tpp: Tpp, scaRedirect: string, login = OLA.nationalIdentityNumber) {
  return tpp.complete(scaRedirect, { nationalIdentityNumber: login, context: 'PRIVATE' });
}

/** GET …/status, expecting 200: `{ transactionStatus, fundsAvailable }`. */
export async function statusOf(
  tpp: Tpp,
  path: string,
): Promise<{ transactionStatus?: string; fundsAvailable?: boolean }> {
  const exchange = await tpp.send('GET', `${path}/status`);
  expect(exchange.response?.status, exchange.response?.body).toBe(200);
  return json(exchange);
}

/** Booked and expected balance of an account by IBAN (minor units). */
export function balanceOf(h: Harness, iban: string): { closingBooked: number; expected: number } {
  const account = h.bank.state().accounts.find((candidate) => candidate.iban === iban);
  if (!account) throw new Error(`no account ${iban}`);
  return { ...account.balances };
}

export const HOUR = 60 * 60 * 1000;
export const DAY = 24 * HOUR;

/** Sets the frozen bank clock to `HH:MM` UTC of the current bank day (or the next). */
export function setClock(h: Harness, time: string, dayOffset = 0): void {
  const now = h.clock.now();
  const [hours, minutes] = time.split(':').map(Number);
  h.clock.set(
    new Date(
      Date.UTC(
        now.getUTCFullYear(),
        now.getUTCMonth(),
        now.getUTCDate() + dayOffset,
        hours,
        minutes,
      ),
    ),
  );
}

/**
 * The banks under test (a sandbox and a production bank) and what exists in them: the consents,
 * payments, basket, SCA page and account ids that setUpBank creates over HTTP, so that the
 * well-formed requests of every route carry real ids.
 */
import { randomUUID } from 'node:crypto';
import { Client, request as undiciRequest } from 'undici';
import { expect } from 'vitest';
import {
  createBank,
  TppRegistry,
  TrustStore,
  type Bank,
  type BankListener,
  type BankMode,
} from '../../../../main/core/bank/index.js';
import { VirtualClock } from '../../../../main/core/clock.js';
import { TppClient } from '../../../../main/core/tpp/client.js';
import type { Exchange } from '../../../../main/shared/exchange.js';
import { runPsuAgent } from '../../../../main/core/tpp/psu-agent/agent.js';
import { parseForms } from '../../../../main/core/tpp/psu-agent/html-forms.js';
import { newPsuSession } from '../../../../main/core/tpp/psu-session.js';
import { ORGANIZATION_ID, type Pki } from '../../../unit/bank/fixtures.js';
import { OLA, OLA_ACCOUNT } from '../../sandbox/bodies.js';

/** How long a case may wait for its answer (headers, then body). */
export const TIMEOUT_MS = 10_000;

export const REDIRECT_URI = 'https://tpp.example/callback';
export const PSU_IP = '192.0.2.10';

/** Ids the well-formed requests use: resources created over HTTP in beforeAll. */
export interface Fixture {
  sessionId: string;
  psuId: string;
  consentId: string;
  consentAuthorisationId: string;
  /** A second consent, waiting for SCA: the target of DELETE /v1/consents/{consentId}. */
  spareConsentId: string;
  payments: Record<string, { paymentId: string; authorisationId: string; spareId: string }>;
  /** An RCVD payment in no basket, for POST /v1/signing-baskets. */
  freePaymentId: string;
  basketId: string;
  basketAuthorisationId: string;
  userAuthorisationId: string;
  scaPage: { authorisationId: string; token: string; cookie: string; csrf: string };
  accountId: string;
  transactionId: string;
  cardAccountId: string;
  sandboxTransactionId: string;
}

export interface BankUnderTest {
  mode: BankMode;
  bank: Bank;
  listener: BankListener;
  port: number;
  client: Client;
  fixture: Fixture;
  /** The state right after setup: restored after every case that may change the state. */
  snapshot: unknown;
  today: string;
}

const lastSegment = (href: string) => new URL(href, 'http://x').pathname.split('/').at(-1)!;
const json = (exchange: Exchange) => exchange.response?.json as any; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON under test

function expectStatus(exchange: Exchange, status: number, what: string): void {
  expect(exchange.response?.status, `${what}: ${exchange.response?.body ?? exchange.error}`).toBe(
    status,
  );
}

export function dayOffset(today: string, days: number): string {
  return new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

const SERVICES = ['payments', 'bulk-payments', 'periodic-payments'] as const;
export const PRODUCT = 'sepa-credit-transfers';
const KARI_IBAN = 'NO6997100712346';

export function paymentBody(service: string, n: number, today: string): Record<string, unknown> {
  const transfer = {
    instructedAmount: { amount: '100.00', currency: 'NOK' },
    creditorAccount: { iban: KARI_IBAN, currency: 'NOK' },
    creditorName: 'Kari Nordmann',
    remittanceInformationUnstructured: `Fuzz ${n}`,
  };
  const debtorAccount = { iban: OLA_ACCOUNT.iban, currency: 'NOK' };
  if (service === 'bulk-payments') return { debtorAccount, payments: [transfer] };
  if (service === 'periodic-payments')
    return { ...transfer, debtorAccount, startDate: dayOffset(today, 1), frequency: 'Monthly' };
  return { ...transfer, debtorAccount };
}

/** A bank in `mode` that trusts `pki`'s CA, with its fixture made over HTTP and its state saved. */
export async function setUpBank(mode: BankMode, pki: Pki): Promise<BankUnderTest> {
  const clock = new VirtualClock();
  clock.freeze();
  const bank = createBank({
    mode,
    clock,
    trustStore: new TrustStore([pki.ca.chainPem]),
    registry: new TppRegistry([
      { organizationIdentifier: ORGANIZATION_ID, name: 'Example TPP AS', roles: ['AISP', 'PISP'] },
    ]),
  });
  const listener = await bank.listen();
  const today = clock.now().toISOString().slice(0, 10);
  const session = newPsuSession(REDIRECT_URI, { psuIpAddress: PSU_IP });
  const tpp = new TppClient({
    baseUrl: listener.url,
    signing: { key: pki.seal.privateKey, certificate: pki.seal.certificateDer },
    session: () => session,
  });
  const send = (
    method: string,
    path: string,
    headers: Record<string, string | null> = {},
    body?: object,
  ) => tpp.send({ method, path, headers, ...(body ? { body } : {}) });

  // A consent Ola completes: the session then holds SCA and Ola's PSU-ID (§5.3, §6.1).
  const consent = await send('POST', '/v1/consents', {}, {});
  expectStatus(consent, 201, 'POST /v1/consents');
  const agent = await runPsuAgent(json(consent)._links.scaRedirect.href, {
    nationalIdentityNumber: OLA.nin,
    context: 'PRIVATE',
    accounts: 'all',
  });
  expect(agent.redirect.outcome).toBe('success');
  session.psuId = (agent.redirect as { psuId: string }).psuId;
  const spare = await send('POST', '/v1/consents', {}, {});
  expectStatus(spare, 201, 'second consent');

  let n = 0;
  const pay = async (service: string) => {
    const exchange = await send(
      'POST',
      `/v1/${service}/${PRODUCT}?allowLogicalDuplicate=true`,
      { 'x-accept-fix': 'amount-as-string' },
      paymentBody(service, n++, today),
    );
    expectStatus(exchange, 201, `POST /v1/${service}`);
    return json(exchange) as { paymentId: string; _links: { scaStatus: { href: string } } };
  };
  const payments: Fixture['payments'] = {};
  for (const service of SERVICES) {
    const payment = await pay(service);
    payments[service] = {
      paymentId: payment.paymentId,
      authorisationId: lastSegment(payment._links.scaStatus.href),
      spareId: (await pay(service)).paymentId,
    };
  }
  const inBasket = await pay('payments');
  const freePaymentId = (await pay('payments')).paymentId;
  const basket = await send(
    'POST',
    '/v1/signing-baskets',
    {},
    { paymentIds: [inBasket.paymentId] },
  );
  expectStatus(basket, 201, 'POST /v1/signing-baskets');
  const basketId = json(basket).basketId as string;
  const basketAuthorisation = await send('POST', `/v1/signing-baskets/${basketId}/authorisations`, {
    'x-accept-fix': 'amount-as-string',
  });
  expectStatus(basketAuthorisation, 201, 'basket authorisation');

  // GET /v1/user under a session without SCA: 401 with a fresh identity authorisation.
  const sessionId = session.tppSessionId;
  session.tppSessionId = randomUUID();
  const user = await send('GET', '/v1/user');
  session.tppSessionId = sessionId;
  expectStatus(user, 401, 'GET /v1/user without SCA');
  const scaRedirect = new URL(json(user)._links.scaRedirect.href as string);
  // Open the SCA page once, as the PSU's browser: it binds the cookie; keep it and the form token.
  const page = await undiciRequest(scaRedirect);
  const pageHtml = await page.body.text();
  expect(page.statusCode, pageHtml).toBe(200);
  const setCookie = page.headers['set-cookie'];
  const cookie = String(Array.isArray(setCookie) ? setCookie[0] : setCookie).split(';')[0]!;
  const csrf = parseForms(pageHtml)
    .flatMap((form) => form.controls)
    .find((control) => control.name === 'csrf')!.value;

  const accounts = await send('GET', '/v1/accounts');
  expectStatus(accounts, 200, 'GET /v1/accounts');
  const accountId = json(accounts).accounts[0].resourceId as string;
  const booked = await send(
    'GET',
    `/v1/accounts/${accountId}/transactions?bookingStatus=booked`,
    {},
  );
  expectStatus(booked, 200, 'GET account transactions');
  const cards = await send('GET', '/v1/card-accounts');
  expectStatus(cards, 200, 'GET /v1/card-accounts');
  let sandboxTransactionId = 'tx-unknown';
  if (mode === 'sandbox') {
    const listed = await send('GET', `/v1/sandbox/accounts/${OLA_ACCOUNT.id}/transactions`);
    expectStatus(listed, 200, 'GET sandbox account transactions');
    sandboxTransactionId = json(listed)[0].id;
  }
  await tpp.close();
  const fixture: Fixture = {
    sessionId,
    psuId: session.psuId!,
    consentId: json(consent).consentId,
    consentAuthorisationId: lastSegment(json(consent)._links.scaStatus.href),
    spareConsentId: json(spare).consentId,
    payments,
    freePaymentId,
    basketId,
    basketAuthorisationId: lastSegment(json(basketAuthorisation)._links.scaStatus.href),
    userAuthorisationId: lastSegment(json(user)._links.scaStatus.href),
    scaPage: {
      authorisationId: lastSegment(scaRedirect.href),
      token: scaRedirect.searchParams.get('t')!,
      cookie,
      csrf,
    },
    accountId,
    transactionId: json(booked).transactions.booked[0].transactionId,
    cardAccountId: json(cards).cardAccounts[0].resourceId,
    sandboxTransactionId,
  };
  return {
    mode,
    bank,
    listener,
    port: listener.port,
    client: new Client(listener.url, {
      headersTimeout: TIMEOUT_MS,
      bodyTimeout: TIMEOUT_MS,
      pipelining: 1,
    }),
    fixture,
    snapshot: bank.exportSnapshot(),
    today,
  };
}

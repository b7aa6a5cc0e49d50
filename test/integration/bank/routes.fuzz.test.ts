/**
 * Property over EVERY route (issue #12 part 2): each route of BANK_ROUTES, in a sandbox and in a
 * production bank, gets requests that start well-formed — signed by the real signer, with the
 * route's required headers, real ids in the path and a valid body, so they reach the deep stages
 * and the handlers — and then carry one mutation drawn by fast-check:
 *
 * - invalid UTF-8 in the body and in header values; JSON just under, at and over the 1 MiB limit;
 *   JSON nested 63, 64, 65 and 5000 levels (the bank's limit is 64, spec/limits.ts);
 * - a header sent twice (raw header arrays through undici);
 * - CR, LF, NUL and obs-fold in header values, written on a raw `node:net` socket so they reach
 *   the server's HTTP parser;
 * - path traversal and odd encodings in path parameters, ids far too long;
 * - numbers past int32, 1e308, -0, NaN text in query parameters and JSON bodies; amounts past the
 *   currency's precision;
 * - signatures that are almost right (one character flipped, the Digest of another body, a signed
 *   header left out of `headers`, wrong keyId serial or issuer, another algorithm name, Date changed
 *   after signing, extra whitespace, …);
 * - the route's header groups (§4.1): a required header left out, an optional one added with a
 *   well-formed or a tricky value.
 * Before the random draws every route also gets each value of the short lists (path values,
 * limit/offset numbers, body mutations) once, as fast-check `examples`, so none goes untried on a
 * route by chance. Each case meets the state right after setup (restored after any case that may
 * change it), so a seed replays exactly.
 *
 * Property: every answer is a success (2xx/3xx: JSON, or HTML/CSS for the SCA pages) or a
 * well-formed error — a tppMessages body valid against ErrorResponseSchema, or, on the SCA page
 * routes only, the HTML error page (docs/sca.md "Guards of the pages") — never ≥ 500, never
 * without an answer within 10 s. Where the spec fixes the outcome the mutation is also judged on
 * its own (e.g. a body over 1 MiB is 413, an almost-right signature is never accepted).
 *
 * Defined outcomes of the raw-socket header injections: the bank's adapter (http.ts) answers
 * every request Node's HTTP parser refuses with a tppMessages body (`clientError`: 400, or 431
 * for a request head over 16 KiB, e.g. a 20,000-character id), and every request the parser
 * accepts goes through the pipeline, so an HTTP answer is REQUIRED; a connection closed without
 * one is a failure (none was seen: bare CR, bare LF, NUL, control characters and obs-fold are all
 * refused by the parser with 400). A CR LF inside a value is a line break on the wire:
 * the server sees two header lines (e.g. a duplicate X-Request-ID) — that request is judged like
 * any other. Only the first answer on the connection is judged (the test sends Connection: close).
 *
 * Seeded (SEED, or BANK_FUZZ_SEED in the environment; route i uses SEED + i, + 1000 in
 * production) and bounded (the examples plus RUNS random cases per route and mode; about 8,000
 * cases, ~15 s on an idle machine). Printed: cases per route and mode (with the well-formed
 * baseline's status and the successes), per mutation with its statuses, the pipeline stage where
 * each mutation kind ended (request log), and the status histogram.
 */
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { Client, request as undiciRequest } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createBank,
  TppRegistry,
  TrustStore,
  type Bank,
  type BankListener,
  type BankMode,
  type RouteDefinition,
  STAGE_NAMES,
} from '../../../main/core/bank/index.js';
import { BANK_ROUTES } from '../../../main/core/bank/routes.js';
import { VirtualClock } from '../../../main/core/clock.js';
import { MAX_JSON_NESTING, MAX_REQUEST_BODY_BYTES } from '../../../main/core/spec/limits.js';
import { ErrorResponseSchema } from '../../../main/core/spec/schemas/shared.js';
import { SpecValidator } from '../../../main/core/spec/validation.js';
import { TppClient } from '../../../main/core/tpp/client.js';
import type { Exchange } from '../../../main/core/tpp/exchange.js';
import { parseForms, runPsuAgent } from '../../../main/core/tpp/psu-agent.js';
import { newPsuSession } from '../../../main/core/tpp/psu-session.js';
import { signRequest } from '../../../main/core/tpp/signer.js';
import type { IssuedCertificate } from '../../../main/core/certs/issue.js';
import { ORGANIZATION_ID, createPki, type Pki } from '../../unit/bank/fixtures.js';
import {
  NORDLYS,
  OLA,
  OLA_ACCOUNT,
  accountBody,
  accountTransactionItem,
  cardAccountBody,
  cardTransactionItem,
} from '../sandbox/bodies.js';

const SEED = Number(process.env.BANK_FUZZ_SEED ?? 20_261_121);
/** Fuzzed cases per route and mode (plus one well-formed baseline each). */
const RUNS = Number(process.env.BANK_FUZZ_RUNS ?? 40);
/** Every route and mode must have had at least this many cases. */
const MIN_CASES = RUNS;
const TIMEOUT_MS = 10_000;
const REDIRECT_URI = 'https://tpp.example/callback';
const PSU_IP = '192.0.2.10';
const validator = new SpecValidator();

// ---- the banks and what exists in them --------------------------------------------------------

/** Ids the well-formed requests use: resources created over HTTP in beforeAll. */
interface Fixture {
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

interface BankUnderTest {
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

let pki: Pki;
/** A seal with the same key from another CA: the signature verifies, the CA is not trusted. */
let untrustedSeal: IssuedCertificate;
const banks: BankUnderTest[] = [];

const lastSegment = (href: string) => new URL(href, 'http://x').pathname.split('/').at(-1)!;
const json = (exchange: Exchange) => exchange.response?.json as any; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON under test

function expectStatus(exchange: Exchange, status: number, what: string): void {
  expect(exchange.response?.status, `${what}: ${exchange.response?.body ?? exchange.error}`).toBe(
    status,
  );
}

function dayOffset(today: string, days: number): string {
  return new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

const SERVICES = ['payments', 'bulk-payments', 'periodic-payments'] as const;
const PRODUCT = 'sepa-credit-transfers';
const KARI_IBAN = 'NO6997100712346';

function paymentBody(service: string, n: number, today: string): Record<string, unknown> {
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

async function setUp(mode: BankMode): Promise<BankUnderTest> {
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

beforeAll(async () => {
  pki = await createPki();
  untrustedSeal = await pki.issueSeal({ ca: await pki.otherCa() });
  banks.push(await setUp('sandbox'), await setUp('production'));
  for (const { bank } of banks)
    bank.requestLog.subscribe((record) => {
      logged++;
      const stage = record.rejectedBy?.stage ?? 'handler';
      bump(stagesOf(currentKind), `${stage} ${record.response.status < 400 ? 'ok' : 'refused'}`);
    });
}, 60_000);

afterAll(async () => {
  for (const { client, bank } of banks) {
    await client.close();
    await bank.close();
  }
});

// ---- well-formed requests per route -----------------------------------------------------------

type JsonValue = unknown;

/** A request before signing: path parameters still separate so mutations can reach them. */
interface Template {
  method: string;
  /** Path segments after the leading '/', already percent-encoded; parameters are marked. */
  segments: { text: string; parameter?: string }[];
  query: [string, string][];
  headers: [string, string][];
  /** JSON value (sent as JSON) or bytes (the SCA form). */
  body?: { json: JsonValue } | { bytes: Buffer };
}

const SPARE_ROUTES = new Set([
  'deleteConsent',
  'cancelPayment',
  'cancelBulkPayment',
  'cancelPeriodicPayment',
]);

function serviceOf(route: RouteDefinition): string {
  return /^\/v1\/(payments|bulk-payments|periodic-payments)\//.exec(route.path)?.[1] ?? 'payments';
}

function parameterValue(route: RouteDefinition, name: string, fx: Fixture): string {
  const service = serviceOf(route);
  switch (name) {
    case 'account-id':
      return route.path.startsWith('/v1/card-accounts') ? fx.cardAccountId : fx.accountId;
    case 'transactionId':
      return fx.transactionId;
    case 'consentId':
      return SPARE_ROUTES.has(route.operationId) ? fx.spareConsentId : fx.consentId;
    case 'payment-product':
      return PRODUCT;
    case 'paymentId':
      return SPARE_ROUTES.has(route.operationId)
        ? fx.payments[service]!.spareId
        : fx.payments[service]!.paymentId;
    case 'basketId':
      return fx.basketId;
    case 'authorisationId':
      if (route.path.startsWith('/sca/')) return fx.scaPage.authorisationId;
      if (route.path.startsWith('/v1/consents')) return fx.consentAuthorisationId;
      if (route.path.startsWith('/v1/user')) return fx.userAuthorisationId;
      if (route.path.startsWith('/v1/signing-baskets')) return fx.basketAuthorisationId;
      return fx.payments[service]!.authorisationId;
    case 'mockAccountId':
      return OLA_ACCOUNT.id;
    case 'mockTransactionId':
      return fx.sandboxTransactionId;
    case 'mockCardAccountId':
      return 'card-10000001';
    case 'mockAgreementId':
      return NORDLYS.agreementId;
    default:
      throw new Error(`route ${route.operationId}: no fixture for path parameter {${name}}`);
  }
}

const ENGAGEMENT = {
  customer: '10000002',
  account: { iban: 'NO3797101056787' },
  roles: ['REGISTER', 'VIEW'],
  registerLimit: 0,
  approvalLimit: 0,
};

function bodyOf(route: RouteDefinition, fx: Fixture, n: number, today: string): JsonValue {
  switch (route.operationId) {
    case 'createSandboxAccount':
      return accountBody();
    case 'changeSandboxAccountBalances':
      return accountBody().balances;
    case 'createSandboxAccountTransactions':
      return [
        accountTransactionItem({
          valueDate: today,
          bookingDate: today,
          remittanceInformationUnstructured: `Fuzz ${n}`,
        }),
      ];
    case 'createSandboxCardAccount':
      return cardAccountBody();
    case 'createSandboxCardTransactions':
      return [
        cardTransactionItem({
          cardTransactionId: `ct-fuzz-${n}`,
          bookingDate: dayOffset(today, -3),
          transactionDate: dayOffset(today, -3),
        }),
      ];
    case 'createSandboxAgreement':
      return { name: `Fuzz ${n}`, owner: NORDLYS.customerNumber, engagements: [ENGAGEMENT] };
    case 'createSandboxEngagement':
      return ENGAGEMENT;
    case 'createSigningBasket':
      return { paymentIds: [fx.freePaymentId] };
    default:
      if (route.operationId.startsWith('initiate'))
        return paymentBody(serviceOf(route), 10_000 + n, today);
      return {}; // a body the route ignores (consents, initialise, fixed test data)
  }
}

function queryOf(route: RouteDefinition): [string, string][] {
  const names = Object.keys(route.query?.properties ?? {});
  const query: [string, string][] = [];
  if (names.includes('bookingStatus')) query.push(['bookingStatus', 'booked']);
  if (names.includes('withBalance')) query.push(['withBalance', 'true']);
  if (names.includes('allowLogicalDuplicate')) query.push(['allowLogicalDuplicate', 'true']);
  return query;
}

const SESSION_HEADERS: Record<string, (fx: Fixture) => string> = {
  'tpp-session-id': (fx) => fx.sessionId,
  'tpp-redirect-uri': () => REDIRECT_URI,
  'psu-id': (fx) => fx.psuId,
  'psu-ip-address': () => PSU_IP,
  'x-accept-fix': () => 'amount-as-string',
};
const SPELLING: Record<string, string> = {
  'tpp-session-id': 'TPP-Session-ID',
  'tpp-redirect-uri': 'TPP-Redirect-URI',
  'psu-id': 'PSU-ID',
  'psu-ip-address': 'PSU-IP-Address',
  'x-accept-fix': 'x-accept-fix',
};

function templateOf(route: RouteDefinition, target: BankUnderTest, n: number): Template {
  const fx = target.fixture;
  const segments = route.path
    .slice(1)
    .split('/')
    .map((part) => {
      const name = /^\{(.+)\}$/.exec(part)?.[1];
      return name
        ? { text: encodeURIComponent(parameterValue(route, name, fx)), parameter: name }
        : { text: part };
    });
  if (route.kind === 'page') {
    const page = fx.scaPage;
    const headers: [string, string][] = [
      ['Accept', 'text/html'],
      ['Cookie', page.cookie],
    ];
    if (route.method === 'GET')
      return {
        method: 'GET',
        segments,
        query: route.path.includes('{') ? [['t', page.token]] : [],
        headers,
      };
    // A form whose step is not current: the bank re-shows the current page (200), state unchanged.
    return {
      method: 'POST',
      segments,
      query: [],
      headers: [...headers, ['Content-Type', 'application/x-www-form-urlencoded']],
      body: { bytes: Buffer.from(`csrf=${encodeURIComponent(page.csrf)}&step=stale&action=login`) },
    };
  }
  const headers: [string, string][] = [];
  if (route.signed) {
    headers.push(['X-Request-ID', uuidOf(n)]);
    headers.push(['Date', target.bank.clock.now().toUTCString()]);
    const declared = new Set([...route.headers.required, ...route.headers.optional]);
    for (const [key, value] of Object.entries(SESSION_HEADERS))
      if (declared.has(key)) headers.push([SPELLING[key]!, value(fx)]);
  }
  const body = route.body ? { json: bodyOf(route, fx, n, target.today) } : undefined;
  if (body) headers.push(['Content-Type', 'application/json']);
  return {
    method: route.method,
    segments,
    query: queryOf(route),
    headers,
    ...(body ? { body } : {}),
  };
}

/** Deterministic UUIDs, so a seed replays the same requests. */
function uuidOf(n: number): string {
  const hex = (n >>> 0).toString(16).padStart(12, '0');
  return `6f1c2a3b-4d5e-4f60-8a7b-${hex}`;
}

// ---- mutations --------------------------------------------------------------------------------

const INVALID_UTF8 = [
  [0xc3, 0x28], // broken two-byte sequence
  [0xff, 0xfe],
  [0xed, 0xa0, 0x80], // UTF-16 surrogate
  [0xf4, 0x90, 0x80, 0x80], // above U+10FFFF
  [0xc0, 0xaf], // overlong '/'
  [0x80],
  [0xe9], // Latin-1 é
] as const;

const PATH_VALUES = [
  '..',
  '.',
  '%2e%2e',
  '%2E%2E%2F',
  '..%2F..%2F..%2Fopenapi.json',
  '%2e%2e%2f%2e%2e%2fv1%2fsandbox%2finitialize',
  '%2F',
  'a%2Fb',
  '%00',
  'a%00b',
  '%',
  '%zz',
  '%C0%AE%C0%AE%2F',
  '%E2%80%AE',
  '%FF',
  '%EF%BF%BF',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  '',
  ';',
  '%20',
  '%0D%0A',
  'sandbox',
  'x'.repeat(300),
  'x'.repeat(5_000),
  'x'.repeat(20_000), // beyond Node's 16 KiB header limit: 431 from the adapter
] as const;

const NUMBER_TEXT = [
  '2147483648',
  '2147483647',
  '-2147483648',
  '-2147483649',
  '1e308',
  '1e3',
  '-0',
  '0',
  'NaN',
  'Infinity',
  '-1',
  '1.5',
  '0x10',
  '',
  '9'.repeat(40),
  ' 1',
  '+1',
  'true',
  '1,2',
] as const;
/** Query values that are no int32 at all: never a 2xx for limit or offset. */
const NOT_INT32_QUERY = new Set([
  '2147483648',
  '-2147483649',
  '1e308',
  '1e3',
  'NaN',
  'Infinity',
  '1.5',
  '0x10',
  '9'.repeat(40),
  'true',
  '1,2',
  '-1',
]);

/** Raw JSON tokens put where the body has a number (or an amount). */
const NUMBER_TOKENS = [
  '2147483648',
  '-2147483649',
  '2147483647',
  '1e308',
  '1e400',
  '-0',
  '0',
  '1.5',
  '-1',
  '9007199254740993',
  '"NaN"',
  '"Infinity"',
  'NaN',
  '1E3',
  '"2147483648"',
] as const;
/** Tokens that are no int32 (sandbox amounts, limits): never a 2xx. */
const NOT_INT32_TOKENS = new Set([
  '2147483648',
  '-2147483649',
  '1e308',
  '1e400',
  '1.5',
  '9007199254740993',
  '"NaN"',
  '"Infinity"',
  'NaN',
  '"2147483648"',
]);

/** §2.1 amounts: the fraction digits must match the currency (NOK: 2). */
const AMOUNTS = [
  '100.001',
  '1e3',
  '-1',
  '.5',
  '100.',
  '1.23456',
  '9'.repeat(40),
  '9'.repeat(19) + '.00',
  'NaN',
  '0x10',
  '1,00',
  ' 100.00',
  '+100.00',
  '0.00',
  '-0.00',
  '00100.00',
  '100',
  '100.5',
  '100.00',
] as const;
/** Never a valid NOK amount (§2.1: decimal, precision 18, two fraction digits for NOK). */
const INVALID_NOK_AMOUNTS = new Set([
  '100.001',
  '1e3',
  '-1',
  '.5',
  '100.',
  '1.23456',
  '9'.repeat(40),
  '9'.repeat(19) + '.00',
  'NaN',
  '0x10',
  '1,00',
  ' 100.00',
  '+100.00',
  '-0.00',
]);

const SIGNATURE_VARIANTS = [
  'flip-character',
  'digest-of-other-body',
  'signed-header-left-out',
  'header-unlisted-after-signing',
  'keyid-serial',
  'keyid-serial-leading-zero',
  'keyid-issuer',
  'algorithm',
  'date-changed',
  'signature-truncated',
  'signature-missing',
  'certificate-missing',
  'digest-missing',
  'certificate-of-ca',
  'untrusted-certificate',
  'whitespace',
  'parameter-name-case',
] as const;

/** Variants whose outcome the spec does not fix: only the general property applies. */
const SIGNATURE_VARIANTS_NOT_JUDGED = new Set<string>([
  'keyid-serial-leading-zero',
  'whitespace',
  'parameter-name-case',
]);

const INJECTIONS = [
  '\r\nX-Injected: yes',
  '\r\n\r\nGET /openapi.json HTTP/1.1\r\nHost: x\r\n',
  '\n',
  '\nX-Injected: yes',
  '\r',
  'a\rb',
  '\0',
  'a\0b',
  '\r\n continued', // obs-fold
  '\x7f',
  '\x01',
  '\t',
] as const;

/** Values for the route's optional headers (§4.1 groups): well-formed ones and tricky ones. */
const OPTIONAL_VALUES = [
  '',
  ' ',
  'PRIVATE',
  'CORPORATE',
  '6f1c2a3b-4d5e-4f60-8a7b-000000000001',
  '15038512363', // Ola's birth number (valid)
  '01010000000', // check digits wrong
  '41018512363', // D-number form
  '20000001',
  'GEO:59.9139,10.7522',
  'GEO:91,181',
  '::1',
  '999.1.1.1',
  '65536',
  'false',
  'true',
  'amount-as-string,longer-names,cash-account-type-iso',
  'unknown-fix',
  'DELETE',
  'https://evil.example/cb',
  'javascript:alert(1)',
  '__proto__',
  'x'.repeat(9000),
] as const;

/** Body sizes around the 1 MiB limit: just under, at, one byte over, far over. */
const HUGE_SIZES = [
  MAX_REQUEST_BODY_BYTES - 100,
  MAX_REQUEST_BODY_BYTES,
  MAX_REQUEST_BODY_BYTES + 1,
  MAX_REQUEST_BODY_BYTES + 256 * 1024,
] as const;
/** JSON nesting around the limit of 64 (spec/limits.ts), and far beyond it. */
const DEPTHS = [63, 64, 65, 5000] as const;

/** An index into a list of the case (headers, parameters, …), not biased to small values. */
const INDEX = fc.noBias(fc.nat({ max: 1_000_000 }));

const mutationArbitrary = fc.oneof(
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('none' as const) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('body-invalid-utf8' as const),
      bytes: fc.constantFrom(...INVALID_UTF8),
      where: fc.constantFrom('in-string', 'whole-body'),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('header-invalid-utf8' as const),
      header: INDEX,
      bytes: fc.constantFrom(...INVALID_UTF8),
      replace: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('huge-json' as const),
      size: fc.constantFrom(...HUGE_SIZES),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('deep-json' as const),
      depth: fc.constantFrom(...DEPTHS),
      shape: fc.constantFrom('array', 'object'),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('duplicate-header' as const),
      header: INDEX,
      same: fc.boolean(),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('header-injection' as const),
      header: INDEX,
      payload: fc.constantFrom(...INJECTIONS),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('path-parameter' as const),
      parameter: INDEX,
      value: fc.constantFrom(...PATH_VALUES),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('query-number' as const),
      name: fc.constantFrom('limit', 'offset', 'route'),
      value: fc.constantFrom(...NUMBER_TEXT),
      append: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('body-number' as const),
      leaf: INDEX,
      token: fc.constantFrom(...NUMBER_TOKENS),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('amount' as const),
      amount: fc.oneof(fc.constantFrom(...AMOUNTS), fc.constant(100)),
      currency: fc.constantFrom('NOK', 'NOK', 'JPY', 'KWD', 'XXX', 'nok'),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('header-group' as const),
      /** Drop a required header of the route, or add one of its optional ones. */
      missing: fc.boolean(),
      header: INDEX,
      value: fc.constantFrom(...OPTIONAL_VALUES),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('signature' as const),
      variant: fc.constantFrom(...SIGNATURE_VARIANTS),
      at: INDEX,
    }),
  },
);
type Mutation = typeof mutationArbitrary extends fc.Arbitrary<infer T> ? T : never;

/**
 * Mutations tried on every route before the random draws (fast-check `examples`), so a value of a
 * short list — one path-parameter value, one limit, one body token — never goes untried on a route
 * by chance: every path value on routes with parameters, every number on `limit`/`offset`, and
 * every body mutation on routes with a body. Only where the mode serves the route.
 */
function examplesFor(route: RouteDefinition, mode: BankMode): Mutation[] {
  if (!route.modes.includes(mode)) return [];
  const examples: Mutation[] = [];
  if (route.path.includes('{'))
    PATH_VALUES.forEach((value, i) =>
      examples.push({ kind: 'path-parameter', parameter: i, value }),
    );
  for (const name of Object.keys(route.query?.properties ?? {}))
    if (name === 'limit' || name === 'offset')
      for (const value of NUMBER_TEXT)
        examples.push({ kind: 'query-number', name, value, append: false });
  if (route.body && route.kind !== 'page') {
    INVALID_UTF8.forEach((bytes, i) =>
      examples.push({
        kind: 'body-invalid-utf8',
        bytes,
        where: i % 2 === 0 ? 'in-string' : 'whole-body',
      }),
    );
    for (const size of HUGE_SIZES) examples.push({ kind: 'huge-json', size });
    for (const depth of DEPTHS)
      for (const shape of ['array', 'object'] as const)
        examples.push({ kind: 'deep-json', depth, shape });
    NUMBER_TOKENS.forEach((token, leaf) => examples.push({ kind: 'body-number', leaf, token }));
    if (route.operationId.startsWith('initiate')) {
      for (const amount of [...AMOUNTS, 100 as const])
        examples.push({ kind: 'amount', amount, currency: 'NOK' });
      for (const currency of ['XXX', 'nok', 'JPY', 'KWD'] as const)
        examples.push({ kind: 'amount', amount: '100.00', currency });
    }
  }
  return examples;
}

/** One request exactly as it goes on the wire. */
interface Wire {
  method: string;
  target: string;
  headers: [string, string][];
  body?: Buffer;
  /** Through a raw socket: values undici would refuse (CR, LF, NUL, bytes above 0x7f). */
  raw: boolean;
}

const latin1 = (bytes: readonly number[]) => String.fromCharCode(...bytes);

function targetOf(segments: Template['segments'], query: [string, string][]): string {
  const path = `/${segments.map((segment) => segment.text).join('/')}`;
  const search = query
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .join('&');
  return search ? `${path}?${search}` : path;
}

/** JSON text of `value` with one part replaced by raw text (tokens that JSON.stringify cannot make). */
function withRawToken(value: JsonValue, token: string, leaf: number): string {
  const marker = JSON.stringify('\u0000TOKEN\u0000');
  const leaves: { parent: Record<string, unknown> | unknown[]; key: string | number }[] = [];
  const amountLeaves: typeof leaves = [];
  const copy = structuredClone(value);
  const walk = (node: unknown) => {
    if (Array.isArray(node)) node.forEach((item, i) => visit(node, i, item));
    else if (node && typeof node === 'object')
      for (const [key, item] of Object.entries(node))
        visit(node as Record<string, unknown>, key, item);
  };
  const visit = (
    parent: (typeof leaves)[number]['parent'],
    key: string | number,
    item: unknown,
  ) => {
    if (typeof item === 'number') leaves.push({ parent, key });
    else if (key === 'amount') amountLeaves.push({ parent, key });
    walk(item);
  };
  walk(copy);
  const candidates = leaves.length > 0 ? leaves : amountLeaves;
  if (candidates.length === 0) {
    // Nothing numeric: add a field (an object body) or an element (an array body).
    const text = JSON.stringify(copy ?? {});
    if (Array.isArray(copy)) return text === '[]' ? `[${token}]` : `${text.slice(0, -1)},${token}]`;
    return text === '{}' ? `{"limit":${token}}` : `${text.slice(0, -1)},"limit":${token}}`;
  }
  const { parent, key } = candidates[leaf % candidates.length]!;
  (parent as Record<string, unknown>)[key as string] = '\u0000TOKEN\u0000';
  return JSON.stringify(copy).replace(marker, token);
}

function setAmount(value: JsonValue, amount: string | number, currency: string): JsonValue {
  const copy = structuredClone(value) as Record<string, unknown>;
  const target = Array.isArray(copy.payments)
    ? (copy.payments[0] as Record<string, unknown>)
    : copy;
  if (target && typeof target === 'object' && 'instructedAmount' in target)
    target.instructedAmount = { amount, currency };
  else if (copy && typeof copy === 'object' && !Array.isArray(copy))
    copy.instructedAmount = { amount, currency };
  return copy;
}

function nested(depth: number, shape: string): string {
  if (shape === 'array') return '['.repeat(depth) + ']'.repeat(depth);
  return '{"a":'.repeat(depth - 1) + '{}' + '}'.repeat(depth - 1);
}

/** JSON text of `value` grown with `extra` (raw JSON) as a field or element. */
function grown(value: JsonValue | undefined, extra: string, field = 'padding'): string {
  if (value === undefined) return extra;
  const text = JSON.stringify(value);
  if (Array.isArray(value)) return text === '[]' ? `[${extra}]` : `${text.slice(0, -1)},${extra}]`;
  if (value && typeof value === 'object')
    return text === '{}' ? `{"${field}":${extra}}` : `${text.slice(0, -1)},"${field}":${extra}}`;
  return extra;
}

function padTo(value: JsonValue | undefined, size: number): Buffer {
  const empty = grown(value ?? {}, '""').length;
  const text = grown(value ?? {}, `"${'x'.repeat(Math.max(0, size - empty))}"`);
  return Buffer.from(text);
}

interface Built {
  wire: Wire;
  /** What the spec fixes for this case, beyond the general property. */
  expect?: 'status-413' | 'not-413' | 'refused';
  /** Label of the mutation for the counts. */
  label: string;
}

function signWire(
  t: { method: string; target: string; headers: [string, string][] },
  body: Buffer | undefined,
  options: { signedHeaderNames?: string[]; signBody?: Buffer; seal?: IssuedCertificate } = {},
) {
  const seal = options.seal ?? pki.seal;
  const signed = signRequest({
    method: t.method,
    path: t.target,
    headers: Object.fromEntries(t.headers),
    ...((options.signBody ?? body) ? { body: options.signBody ?? body! } : {}),
    certificate: seal.certificateDer,
    signingKey: seal.privateKey,
    ...(options.signedHeaderNames ? { signedHeaderNames: options.signedHeaderNames } : {}),
  });
  return signed;
}

function build(route: RouteDefinition, target: BankUnderTest, m: Mutation, n: number): Built {
  const t = templateOf(route, target, n);
  const available = route.modes.includes(target.mode);
  const checked = available && route.kind !== 'page';
  const checkedSigned = checked && route.signed;
  const segments = t.segments.map((segment) => ({ ...segment }));
  let query = t.query.map(([name, value]): [string, string] => [name, value]);
  let headers = t.headers.map(([name, value]): [string, string] => [name, value]);
  let body: Buffer | undefined =
    t.body === undefined
      ? undefined
      : 'json' in t.body
        ? Buffer.from(JSON.stringify(t.body.json))
        : t.body.bytes;
  const json = t.body && 'json' in t.body ? t.body.json : undefined;
  let raw = false;
  let expected: Built['expect'];
  let label: string = m.kind;

  // Mutations of what gets signed.
  switch (m.kind) {
    case 'body-invalid-utf8': {
      label = `${m.kind}:${m.where}`;
      const bad = Buffer.from(m.bytes);
      if (m.where === 'whole-body' || body === undefined)
        body = Buffer.concat([bad, body ?? Buffer.alloc(0)]);
      else {
        const text = body.toString('latin1');
        const at = text.indexOf('"', text.indexOf(':') + 1);
        body =
          at < 0
            ? Buffer.concat([body, bad])
            : Buffer.concat([body.subarray(0, at + 1), bad, body.subarray(at + 1)]);
      }
      if (checked && route.body !== undefined) expected = 'refused';
      break;
    }
    case 'header-invalid-utf8': {
      const index = m.header % Math.max(1, headers.length);
      if (headers.length === 0) headers.push(['X-Request-ID', uuidOf(n)]);
      const [name, value] = headers[index]!;
      headers[index] = [name, m.replace ? latin1(m.bytes) : value + latin1(m.bytes)];
      label = `${m.kind}:${name.toLowerCase()}`;
      raw = true;
      break;
    }
    case 'huge-json': {
      body = padTo(json, m.size);
      if (!headers.some(([name]) => name.toLowerCase() === 'content-type'))
        headers.push(['Content-Type', 'application/json']);
      const over = body.length > MAX_REQUEST_BODY_BYTES;
      label = `${m.kind}:${over ? 'over' : 'under'}`;
      expected = over ? 'status-413' : 'not-413';
      break;
    }
    case 'deep-json': {
      const base = json === undefined || typeof json !== 'object' ? undefined : json;
      const extra = base === undefined ? m.depth : m.depth - 1;
      body = Buffer.from(grown(base, nested(Math.max(1, extra), m.shape), 'deep'));
      if (!headers.some(([name]) => name.toLowerCase() === 'content-type'))
        headers.push(['Content-Type', 'application/json']);
      label = `${m.kind}:${m.depth}`;
      if (m.depth > MAX_JSON_NESTING && available && route.kind !== 'page') expected = 'refused';
      break;
    }
    case 'path-parameter': {
      const parameters = segments.filter((segment) => segment.parameter !== undefined);
      if (parameters.length > 0) parameters[m.parameter % parameters.length]!.text = m.value;
      else segments.splice(1 + (m.parameter % segments.length), 0, { text: m.value });
      label = `${m.kind}:${m.value.length > 20 ? `long-${m.value.length}` : m.value || 'empty'}`;
      break;
    }
    case 'query-number': {
      const names = Object.keys(route.query?.properties ?? {});
      const name =
        m.name === 'route' && names.length > 0 ? names[m.value.length % names.length]! : m.name;
      // append: the parameter twice (the first value kept or a plain '1'), else replaced.
      const had = query.some(([existing]) => existing === name);
      if (!m.append) query = query.filter(([existing]) => existing !== name);
      else if (!had) query.push([name, '1']);
      query.push([name, m.value]);
      label = `${m.kind}:${name}${m.append ? ' twice' : ''}`;
      if (
        checked &&
        (name === 'limit' || name === 'offset') &&
        names.includes(name) &&
        (NOT_INT32_QUERY.has(m.value) || m.append)
      )
        expected = 'refused';
      break;
    }
    case 'body-number': {
      body = Buffer.from(withRawToken(json ?? {}, m.token, m.leaf));
      if (!headers.some(([name]) => name.toLowerCase() === 'content-type'))
        headers.push(['Content-Type', 'application/json']);
      label = m.kind;
      if (
        checked &&
        route.body !== undefined &&
        'schema' in route.body &&
        route.path.startsWith('/v1/sandbox/') &&
        NOT_INT32_TOKENS.has(m.token)
      )
        expected = 'refused';
      // §2.1: an amount is a decimal string.
      if (checked && route.operationId.startsWith('initiate') && !m.token.startsWith('"'))
        expected = 'refused';
      break;
    }
    case 'amount': {
      body = Buffer.from(JSON.stringify(setAmount(json ?? {}, m.amount, m.currency)));
      if (!headers.some(([name]) => name.toLowerCase() === 'content-type'))
        headers.push(['Content-Type', 'application/json']);
      label = `${m.kind}:${JSON.stringify(m.amount).slice(0, 24)} ${m.currency}`;
      if (
        checked &&
        route.operationId.startsWith('initiate') &&
        (typeof m.amount === 'number' ||
          m.currency === 'XXX' ||
          m.currency === 'nok' ||
          (m.currency === 'NOK' && INVALID_NOK_AMOUNTS.has(m.amount)))
      )
        expected = 'refused';
      break;
    }
    case 'header-group': {
      const present = new Set(headers.map(([name]) => name.toLowerCase()));
      if (m.missing) {
        const required = route.headers.required.filter(
          (key) => present.has(key) && !['signature', 'tpp-signature-certificate'].includes(key),
        );
        if (required.length > 0) {
          const key = required[m.header % required.length]!;
          headers = headers.filter(([name]) => name.toLowerCase() !== key);
          label = `${m.kind}:missing ${key}`;
          if (checkedSigned) expected = 'refused';
        } else label = `${m.kind}:nothing to drop`;
      } else {
        const optional = route.headers.optional.filter(
          (key) =>
            !present.has(key) &&
            !['digest', 'signature', 'tpp-signature-certificate'].includes(key),
        );
        const key = optional.length > 0 ? optional[m.header % optional.length]! : 'x-extra';
        headers.push([key, m.value]);
        label = `${m.kind}:add ${key}`;
      }
      break;
    }
    default:
      break;
  }

  const path = targetOf(segments, query);
  let finalHeaders: [string, string][] = headers;
  if (route.signed) {
    let signedNames: string[] | undefined;
    let signBody: Buffer | undefined;
    if (m.kind === 'signature' && m.variant === 'signed-header-left-out') {
      const all = signWire({ method: t.method, target: path, headers }, body).signedHeaderNames;
      signedNames = all.filter((_, i) => i !== m.at % all.length);
      label = `signature:signed-header-left-out:${all[m.at % all.length]}`;
    }
    if (m.kind === 'signature' && m.variant === 'digest-of-other-body')
      signBody = Buffer.concat([body ?? Buffer.from('{}'), Buffer.from(' ')]);
    try {
      const signed = signWire({ method: t.method, target: path, headers }, body, {
        ...(signedNames ? { signedHeaderNames: signedNames } : {}),
        ...(signBody ? { signBody } : {}),
        ...(m.kind === 'signature' && m.variant === 'untrusted-certificate'
          ? { seal: untrustedSeal }
          : {}),
      });
      finalHeaders = Object.entries(signed.headers);
    } catch {
      // The signer refuses what no TPP could send (e.g. no X-Request-ID); send it unsigned.
      label = `${label}:unsigned`;
    }
  }

  // Mutations of the signed request.
  const find = (name: string) => finalHeaders.findIndex(([n]) => n.toLowerCase() === name);
  const change = (name: string, f: (value: string) => string) => {
    const index = find(name);
    if (index >= 0) finalHeaders[index] = [finalHeaders[index]![0], f(finalHeaders[index]![1])];
  };
  const drop = (name: string) => {
    finalHeaders = finalHeaders.filter(([n]) => n.toLowerCase() !== name);
  };
  if (finalHeaders.length === 0) finalHeaders.push(['X-Request-ID', uuidOf(n)]);
  switch (m.kind) {
    case 'signature': {
      if (!label.startsWith('signature:'))
        label = `signature:${m.variant}${
          m.variant === 'whitespace'
            ? `:${m.at % 4}`
            : m.variant === 'algorithm'
              ? `:${m.at % 6}`
              : ''
        }`;
      if (checkedSigned && !SIGNATURE_VARIANTS_NOT_JUDGED.has(m.variant)) expected = 'refused';
      // The sandbox accepts any well-formed certificate whose signature verifies (stages/signature.ts).
      if (m.variant === 'untrusted-certificate' && target.mode === 'sandbox') expected = undefined;
      if (m.variant === 'digest-missing' && body === undefined) expected = undefined;
      switch (m.variant) {
        case 'flip-character':
          change('signature', (value) =>
            value.replace(/signature="([^"]*)"/, (_, sig: string) => {
              const at = m.at % sig.length;
              const flipped = sig[at] === 'A' ? 'B' : 'A';
              return `signature="${sig.slice(0, at)}${flipped}${sig.slice(at + 1)}"`;
            }),
          );
          break;
        case 'digest-of-other-body':
          break; // signed above with another body (or with one when the request has none)
        case 'header-unlisted-after-signing':
          change('signature', (value) =>
            value.replace(/headers="([^"]*)"/, (_, list: string) => {
              const names = list.split(' ');
              names.splice(m.at % names.length, 1);
              return `headers="${names.join(' ')}"`;
            }),
          );
          break;
        case 'keyid-serial':
          change('signature', (value) =>
            value.replace(/SN=([0-9A-F]+)/, (_, serial: string) => {
              const at = m.at % serial.length;
              const other = serial[at] === '0' ? '1' : '0';
              return `SN=${serial.slice(0, at)}${other}${serial.slice(at + 1)}`;
            }),
          );
          break;
        case 'keyid-serial-leading-zero':
          // The same number (the verifier compares serials as numbers): not judged on its own.
          change('signature', (value) => value.replace('SN=', 'SN=00'));
          break;
        case 'keyid-issuer':
          change('signature', (value) =>
            value.replace(/CA=([^"]*)"/, (_, ca: string) => `CA=${ca}X"`),
          );
          break;
        case 'algorithm':
          change('signature', (value) =>
            value.replace(
              'algorithm="rsa-sha256"',
              `algorithm="${['rsa-sha512', 'RSA-SHA256', 'hmac-sha256', 'rsa-sha256 ', 'rsa', ''][m.at % 6]}"`,
            ),
          );
          break;
        case 'date-changed':
          change('date', (value) => new Date(Date.parse(value) + 1000).toUTCString());
          break;
        case 'signature-truncated':
          change('signature', (value) =>
            value.replace(
              /signature="([^"]*)"/,
              (_, sig: string) => `signature="${sig.slice(0, sig.length - 4 - (m.at % 8))}"`,
            ),
          );
          break;
        case 'signature-missing':
          drop('signature');
          break;
        case 'certificate-missing':
          drop('tpp-signature-certificate');
          break;
        case 'digest-missing':
          drop('digest');
          break;
        case 'certificate-of-ca':
          change('tpp-signature-certificate', () =>
            Buffer.from(
              pki.ca.chainPem
                .split('-----END CERTIFICATE-----')[0]!
                .replace(/-----BEGIN CERTIFICATE-----|\s/g, ''),
              'base64',
            ).toString('base64'),
          );
          break;
        case 'untrusted-certificate':
          break; // signed above with the other CA's seal
        case 'whitespace':
          change(
            'signature',
            (value) =>
              [
                value.replace(/",/g, '", '),
                value.replace(/=/, ' = '),
                value.replace(
                  /headers="([^"]*)"/,
                  (_, list: string) => `headers="${list.replace(/ /g, '  ')}"`,
                ),
                value.replace(/,algorithm/, ',\talgorithm'),
              ][m.at % 4]!,
          );
          break;
        case 'parameter-name-case':
          change('signature', (value) =>
            value.replace('keyId=', 'KeyId=').replace('headers=', 'Headers='),
          );
          break;
      }
      break;
    }
    case 'duplicate-header': {
      const index = m.header % finalHeaders.length;
      const [name, value] = finalHeaders[index]!;
      const second = m.same ? value : `${value.slice(0, -1)}${value.at(-1) === '0' ? '1' : '0'}`;
      finalHeaders.splice(index + 1, 0, [name, second]);
      label = `${m.kind}:${name.toLowerCase()}`;
      const declared = new Set([...route.headers.required, ...route.headers.optional]);
      if (checkedSigned && declared.has(name.toLowerCase())) expected = 'refused';
      break;
    }
    case 'header-injection': {
      const index = m.header % finalHeaders.length;
      const [name, value] = finalHeaders[index]!;
      const at = (m.header >> 3) % 3;
      const injected =
        at === 0
          ? m.payload + value
          : at === 1
            ? value + m.payload
            : value.slice(0, 4) + m.payload + value.slice(4);
      finalHeaders[index] = [name, injected];
      label = `${m.kind}:${JSON.stringify(m.payload).slice(1, 12)}`;
      raw = true;
      break;
    }
    default:
      break;
  }
  return {
    wire: {
      method: t.method,
      target: path,
      headers: finalHeaders,
      ...(body !== undefined ? { body } : {}),
      raw,
    },
    ...(expected ? { expect: expected } : {}),
    label,
  };
}

// ---- sending ----------------------------------------------------------------------------------

interface Answer {
  kind: 'answer';
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  via: 'undici' | 'raw';
}
type Outcome = Answer | { kind: 'timeout' | 'closed' | 'error'; detail: string };

function parseRawResponse(bytes: Buffer): Answer | undefined {
  const end = bytes.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const [statusLine = '', ...lines] = bytes.subarray(0, end).toString('latin1').split('\r\n');
  const status = /^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1];
  if (!status) return undefined;
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const length = Number(headers['content-length'] ?? NaN);
  const body = bytes.subarray(end + 4);
  if (Number.isFinite(length) && body.length < length) return undefined;
  return {
    kind: 'answer',
    status: Number(status),
    headers,
    body: Number.isFinite(length) ? body.subarray(0, length) : body,
    via: 'raw',
  };
}

function sendRaw(port: number, wire: Wire): Promise<Outcome> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let settled = false;
    const socket = connect(port, '127.0.0.1');
    const finish = (outcome: Outcome) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      resolve(outcome);
    };
    const received = () => Buffer.concat(chunks);
    socket.setTimeout(TIMEOUT_MS, () => finish({ kind: 'timeout', detail: 'raw socket' }));
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      const answer = parseRawResponse(received());
      if (answer) finish(answer);
    });
    socket.on('error', (error) =>
      finish(parseRawResponse(received()) ?? { kind: 'error', detail: error.message }),
    );
    socket.on('close', () =>
      finish(
        parseRawResponse(received()) ?? {
          kind: 'closed',
          detail: `closed after ${received().length} bytes`,
        },
      ),
    );
    socket.on('connect', () => {
      const lines = [
        `${wire.method} ${wire.target} HTTP/1.1`,
        `Host: 127.0.0.1:${port}`,
        'Connection: close',
        ...wire.headers.map(([name, value]) => `${name}: ${value}`),
        ...(wire.body ? [`Content-Length: ${wire.body.length}`] : []),
      ];
      socket.write(Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'));
      if (wire.body) socket.write(wire.body);
    });
  });
}

async function send(target: BankUnderTest, wire: Wire): Promise<Outcome> {
  if (wire.raw) return sendRaw(target.port, wire);
  try {
    const response = await target.client.request({
      method: wire.method as 'GET',
      path: wire.target,
      headers: wire.headers.flat(),
      ...(wire.body ? { body: wire.body } : {}),
      headersTimeout: TIMEOUT_MS,
      bodyTimeout: TIMEOUT_MS,
    });
    const body = Buffer.from(await response.body.arrayBuffer());
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(response.headers))
      headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
    return { kind: 'answer', status: response.statusCode, headers, body, via: 'undici' };
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    if (code === 'UND_ERR_INVALID_ARG') return sendRaw(target.port, { ...wire, raw: true });
    if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT')
      return { kind: 'timeout', detail: code };
    return { kind: 'error', detail: `${code} ${(error as Error).message}` };
  }
}

// ---- judging ----------------------------------------------------------------------------------

/** Undefined when the answer keeps the property; else what is wrong. */
function violation(route: RouteDefinition, built: Built, outcome: Outcome): string | undefined {
  if (outcome.kind !== 'answer') return `no HTTP answer (${outcome.kind}: ${outcome.detail})`;
  const { status, headers, body } = outcome;
  const type = headers['content-type'] ?? '';
  const text = body.toString('utf8');
  if (status >= 500) return `status ${status}: ${text.slice(0, 300)}`;
  if (status < 200) return `status ${status}`;
  const isPage = /^text\/html/.test(type);
  const pageRoute = route.kind === 'page' && built.wire.target.startsWith('/sca/');
  if (status < 400) {
    if (pageRoute) {
      if (!/^text\/(html|css)/.test(type)) return `page answer ${status} with content-type ${type}`;
      if (status >= 300 && !headers.location) return `redirect ${status} without Location`;
      return undefined;
    }
    if (status === 204) return body.length === 0 ? undefined : '204 with a body';
    if (!/^application\/json/.test(type)) return `success ${status} with content-type ${type}`;
    try {
      JSON.parse(text);
    } catch {
      return `success ${status} whose body is not JSON`;
    }
    return undefined;
  }
  if (isPage) {
    if (!pageRoute) return `HTML error ${status} outside the SCA pages`;
    return /data-testid="(sca-page|error-message)"/.test(text)
      ? undefined
      : `HTML error ${status} that is not an SCA page`;
  }
  if (!/^application\/json/.test(type)) return `error ${status} with content-type ${type}`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return `error ${status} whose body is not JSON: ${text.slice(0, 200)}`;
  }
  const check = validator.check(ErrorResponseSchema, parsed);
  return check.ok ? undefined : `error ${status} is not a tppMessages body: ${text.slice(0, 300)}`;
}

function expectationFailure(built: Built, outcome: Outcome): string | undefined {
  if (outcome.kind !== 'answer' || !built.expect) return undefined;
  const { status } = outcome;
  switch (built.expect) {
    case 'status-413':
      return status === 413 ? undefined : `a body over 1 MiB answered ${status}, not 413`;
    case 'not-413':
      return status === 413 ? 'a body within 1 MiB answered 413' : undefined;
    case 'refused':
      return status >= 400 ? undefined : `accepted (${status}) what the spec refuses`;
  }
}

// ---- the run ----------------------------------------------------------------------------------

/**
 * GET routes that change the state (GET /v1/user without SCA starts an authorisation; an SCA page
 * may bind a browser). After these and every non-GET case the setup state is restored, so each
 * case meets the same bank and a seed replays exactly.
 */
const GET_THAT_CHANGES_STATE = new Set(['getUser', 'scaPage']);

const ROUTES = BANK_ROUTES;
const statusHistogram = new Map<number | string, number>();
const perRoute = new Map<string, number>();
const perMutation = new Map<string, number>();
/** Mutation label → status → count. */
const statusesPerMutation = new Map<string, Map<number | string, number>>();
const perMutationKind = new Map<string, number>();
const baseline = new Map<string, number | string>();
const successes = new Map<string, number>();
const bump = <K>(map: Map<K, number>, key: K) => map.set(key, (map.get(key) ?? 0) + 1);
/** Mutation kind → where the pipeline stopped (request log), or 'http-parser' when Node refused. */
const stages = new Map<string, Map<string, number>>();
let currentKind = 'setup';
let logged = 0;
let caseNumber = 0;

async function runCase(route: RouteDefinition, target: BankUnderTest, m: Mutation) {
  const n = ++caseNumber;
  const built = build(route, target, m, n);
  currentKind = m.kind;
  const before = logged;
  const outcome = await send(target, built.wire);
  if (logged === before)
    bump(
      stagesOf(m.kind),
      outcome.kind === 'answer' ? `http-parser ${outcome.status}` : 'no answer',
    );
  const key = `${target.mode} ${route.method} ${route.path}`;
  bump(perRoute, key);
  bump(perMutation, built.label);
  bump(perMutationKind, m.kind);
  const status = outcome.kind === 'answer' ? outcome.status : outcome.kind;
  bump(statusHistogram, status);
  if (!statusesPerMutation.has(built.label)) statusesPerMutation.set(built.label, new Map());
  bump(statusesPerMutation.get(built.label)!, status);
  if (typeof status === 'number' && status < 400) bump(successes, key);
  if (route.method !== 'GET' || GET_THAT_CHANGES_STATE.has(route.operationId))
    target.bank.importSnapshot(target.snapshot);
  return { built, outcome };
}

function stagesOf(kind: string): Map<string, number> {
  let map = stages.get(kind);
  if (!map) stages.set(kind, (map = new Map()));
  return map;
}

function describeCase(route: RouteDefinition, target: BankUnderTest, built: Built, m: Mutation) {
  const wire = built.wire;
  return JSON.stringify({
    mode: target.mode,
    route: route.operationId,
    mutation: m,
    method: wire.method,
    target: wire.target.slice(0, 200),
    headers: wire.headers.map(([n, v]) => [n, v.slice(0, 120)]),
    bodyBytes: wire.body?.length ?? 0,
  });
}

describe(`every route, both modes, mutated requests (seed ${SEED}, ${RUNS} cases per route and mode)`, () => {
  it('answers a success or a well-formed error, never ≥ 500, never hangs', async () => {
    const started = performance.now();
    console.log(
      `routes.fuzz: seed ${SEED} (route i uses seed ${SEED} + i), ${RUNS} runs per route and mode`,
    );
    for (const target of banks)
      for (const [index, route] of ROUTES.entries()) {
        const key = `${target.mode} ${route.method} ${route.path}`;
        // The well-formed request first: it must reach the handler.
        const first = await runCase(route, target, { kind: 'none' });
        baseline.set(
          key,
          first.outcome.kind === 'answer' ? first.outcome.status : first.outcome.kind,
        );
        const problem = violation(route, first.built, first.outcome);
        expect(problem, describeCase(route, target, first.built, { kind: 'none' })).toBeUndefined();
        const examples = examplesFor(route, target.mode);
        await fc.assert(
          fc.asyncProperty(mutationArbitrary, async (m) => {
            const { built, outcome } = await runCase(route, target, m);
            const failure = violation(route, built, outcome) ?? expectationFailure(built, outcome);
            if (failure) throw new Error(`${failure}\n${describeCase(route, target, built, m)}`);
          }),
          {
            seed: SEED + index + (target.mode === 'production' ? 1000 : 0),
            numRuns: examples.length + RUNS,
            examples: examples.map((m) => [m] as [Mutation]),
            endOnFailure: true,
          },
        );
      }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);

    const sorted = <K, V>(map: Map<K, V>) =>
      [...map].sort(([a], [b]) => String(a).localeCompare(String(b)));
    console.log(`routes.fuzz: ${caseNumber} cases in ${seconds} s`);
    console.log(
      `routes.fuzz: cases per route and mode\n${sorted(perRoute)
        .map(
          ([key, count]) =>
            `  ${String(count).padStart(4)}  ${key}  (baseline ${baseline.get(key)}, ${successes.get(key) ?? 0} successes)`,
        )
        .join('\n')}`,
    );
    console.log(
      `routes.fuzz: cases per mutation kind\n${sorted(perMutationKind)
        .map(([key, count]) => `  ${String(count).padStart(5)}  ${key}`)
        .join('\n')}`,
    );
    console.log(
      `routes.fuzz: cases per mutation\n${sorted(perMutation)
        .map(
          ([key, count]) =>
            `  ${String(count).padStart(5)}  ${key}  (${sorted(statusesPerMutation.get(key)!)
              .map(([status, times]) => `${status}×${times}`)
              .join(' ')})`,
        )
        .join('\n')}`,
    );
    console.log(
      `routes.fuzz: where each mutation kind ended (pipeline stage of the request log)\n${sorted(
        stages,
      )
        .map(
          ([kind, map]) =>
            `  ${kind}: ${sorted(map)
              .map(([stage, count]) => `${stage} ${count}`)
              .join(', ')}`,
        )
        .join('\n')}`,
    );
    console.log(
      `routes.fuzz: statuses\n${sorted(statusHistogram)
        .map(([key, count]) => `  ${key}: ${count}`)
        .join('\n')}`,
    );

    // Coverage: every route in both modes, every mutation kind, and the handlers were reached.
    for (const target of banks)
      for (const route of ROUTES) {
        const key = `${target.mode} ${route.method} ${route.path}`;
        expect(perRoute.get(key) ?? 0, key).toBeGreaterThanOrEqual(MIN_CASES);
        const status = baseline.get(key);
        if (route.modes.includes(target.mode))
          expect(status, `the well-formed ${key} reaches its handler`).toSatisfy(
            (s: unknown) => typeof s === 'number' && s >= 200 && s < 400,
          );
        else
          expect(status, `${key} is not served in ${target.mode} mode`).toSatisfy(
            (s: unknown) => s === 404 || s === 405,
          );
      }
    for (const kind of [
      'none',
      'body-invalid-utf8',
      'header-invalid-utf8',
      'huge-json',
      'deep-json',
      'duplicate-header',
      'header-injection',
      'path-parameter',
      'query-number',
      'body-number',
      'amount',
      'header-group',
      'signature',
    ])
      expect(perMutationKind.get(kind) ?? 0, kind).toBeGreaterThan(50);

    // Every pipeline stage refused some case, and handlers both answered and refused.
    const ended = new Set([...stages.values()].flatMap((map) => [...map.keys()]));
    for (const stage of STAGE_NAMES.filter((name) => name !== 'handler'))
      expect(ended, `a case the ${stage} stage refused`).toContain(`${stage} refused`);
    expect(ended).toContain('handler ok');
    expect(ended).toContain('handler refused');

    // And the bank still serves.
    for (const { listener } of banks) {
      const alive = await undiciRequest(`${listener.url}/openapi.json`, {
        headersTimeout: TIMEOUT_MS,
        bodyTimeout: TIMEOUT_MS,
      });
      expect(alive.statusCode).toBe(200);
      expect(alive.headers['content-type']).toMatch(/^application\/json/);
      await alive.body.json();
    }
  }, 300_000);
});

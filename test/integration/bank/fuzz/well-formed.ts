/**
 * The well-formed request of each route, before any mutation: real ids from the fixture in the
 * path, the route's required headers (session headers where declared), a valid body, and for the
 * SCA pages the browser's cookie and form token. Deterministic, so a seed replays exactly.
 */
import type { RouteDefinition } from '../../../../main/core/bank/index.js';
import {
  NORDLYS,
  OLA_ACCOUNT,
  accountBody,
  accountTransactionItem,
  cardAccountBody,
  cardTransactionItem,
} from '../../sandbox/bodies.js';
import {
  PRODUCT,
  PSU_IP,
  REDIRECT_URI,
  dayOffset,
  paymentBody,
  type BankUnderTest,
  type Fixture,
} from './bank-setup.js';

export type JsonValue = unknown;

/** A request before signing: path parameters still separate so mutations can reach them. */
export interface Template {
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

/** The well-formed request of `route` on `target`; `n` numbers its X-Request-ID and body texts. */
export function templateOf(route: RouteDefinition, target: BankUnderTest, n: number): Template {
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
export function uuidOf(n: number): string {
  const hex = (n >>> 0).toString(16).padStart(12, '0');
  return `6f1c2a3b-4d5e-4f60-8a7b-${hex}`;
}

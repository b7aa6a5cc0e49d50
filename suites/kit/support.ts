/**
 * What many checks of the SCA, consent, corporate and sandbox areas do the same way, over HTTP
 * only: read a JSON answer, make a fresh Norwegian account number, start a consent and let the PSU
 * agent complete it, and find the sandbox's test PSUs through GET /v1/sandbox/customers.
 */
import { norwegianBbanCheckDigit } from '../../main/core/spec/validators/norwegianBban.js';
import type {
  CheckContext,
  Exchange,
  JsonValue,
  PsuScript,
  ScaRedirect,
  TargetRequest,
} from '../../main/core/runner/check-api/index.js';

/** The response body as JSON, typed by the caller (checks judge its shape themselves). */
export function json<T = Record<string, unknown>>(exchange: Exchange): T {
  return exchange.response?.json as T;
}

// ---- account numbers -------------------------------------------------------------------------

/** ISO 13616 check digits of a Norwegian BBAN: `NO` + two digits + the BBAN. */
export function norwegianIban(bban: string): string {
  const rearranged = `${bban}NO00`.replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
  let remainder = 0;
  for (const digit of rearranged) remainder = (remainder * 10 + Number(digit)) % 97;
  return `NO${String(98 - remainder).padStart(2, '0')}${bban}`;
}

/**
 * A random Norwegian account number with a valid mod-11 check digit (decisions.md), in a
 * registration range the sandbox data does not use, and its IBAN. `validCheckDigit: false` gives
 * a BBAN whose check digit is wrong (and the IBAN of that BBAN, with correct mod-97 digits).
 */
export function freeNorwegianAccount(options: { validCheckDigit?: boolean } = {}): {
  bban: string;
  iban: string;
} {
  for (;;) {
    const firstTen = `9719${String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0')}`;
    const check = norwegianBbanCheckDigit(firstTen);
    if (check === undefined) continue;
    const digit = options.validCheckDigit === false ? (check + 1) % 10 : check;
    const bban = `${firstTen}${digit}`;
    return { bban, iban: norwegianIban(bban) };
  }
}

// ---- dates -----------------------------------------------------------------------------------

const DAY_MS = 24 * 60 * 60 * 1000;

/** `YYYY-MM-DD` of the day `days` from today (negative: in the past), UTC. */
export function dayFromToday(days: number, from: Date = new Date()): string {
  return new Date(from.getTime() + days * DAY_MS).toISOString().slice(0, 10);
}

export const DATE = /^\d{4}-\d{2}-\d{2}$/;

// ---- the sandbox's test PSUs -----------------------------------------------------------------

export interface SandboxCustomer {
  customerNumber: string;
  type: 'PRIVATE' | 'CORPORATE';
  name: string;
  nationalIdentityNumber: string;
  agreements: { id: string; name: string; type: 'PRIVATE' | 'CORPORATE'; relation: string }[];
}

/** GET /v1/sandbox/customers, asserting 200 (the sandbox's test PSUs, §1). */
export async function sandboxCustomers(ctx: CheckContext): Promise<SandboxCustomer[]> {
  const exchange = await ctx.client.send({
    method: 'GET',
    path: '/v1/sandbox/customers',
    label: 'the sandbox customers (test PSUs)',
  });
  ctx.expect.status(exchange, 200, 'GET /v1/sandbox/customers');
  const customers = json<SandboxCustomer[]>(exchange);
  ctx.expect.true(Array.isArray(customers), 'GET /v1/sandbox/customers answers an array');
  return customers;
}

/**
 * A person who represents a corporation (corporate context has something to show), and that
 * corporate agreement: the first private customer engaged in a corporate agreement it does not
 * own. Skips when the sandbox has none.
 */
export async function corporateRepresentative(
  ctx: CheckContext,
): Promise<{ psu: SandboxCustomer; agreement: SandboxCustomer['agreements'][number] }> {
  const customers = await sandboxCustomers(ctx);
  for (const psu of customers.filter((c) => c.type === 'PRIVATE'))
    for (const agreement of psu.agreements)
      if (agreement.type === 'CORPORATE' && agreement.relation !== 'owner')
        return { psu, agreement };
  return ctx.skip('the sandbox has no private customer who represents a corporation');
}

export async function privatePsu(ctx: CheckContext, index = 0): Promise<SandboxCustomer> {
  const people = (await sandboxCustomers(ctx)).filter((c) => c.type === 'PRIVATE');
  return people[index] ?? ctx.skip(`the sandbox has fewer than ${index + 1} private customers`);
}

// ---- SCA and consent -------------------------------------------------------------------------

interface Link {
  href: string;
}

/** `_links.scaRedirect.href` of an answer, or undefined. */
export function scaRedirectOf(exchange: Exchange): string | undefined {
  const links = json<{ _links?: Record<string, Link | undefined> } | undefined>(exchange)?._links;
  const href = links?.scaRedirect?.href;
  return typeof href === 'string' ? href : undefined;
}

/** Absolute URL of a link the bank gave (hrefs may be relative to the bank's base URL). */
export function absoluteHref(href: string, exchange: Exchange): string {
  return new URL(href, exchange.request.url).toString();
}

/** PSU-ID (and PSU-Corporate-ID after corporate SCA) from a §6.1 redirect. */
export function psuHeaders(redirect: ScaRedirect): Record<string, string> {
  if (redirect.outcome !== 'success') return {};
  return {
    'PSU-ID': redirect.psuId,
    ...(redirect.psuCorporateId ? { 'PSU-Corporate-ID': redirect.psuCorporateId } : {}),
  };
}

export interface StartedConsent {
  consentId: string;
  scaRedirect: string;
  exchange: Exchange;
}

/** POST /v1/consents (body ignored, §1), asserting 201 and an scaRedirect link. */
export async function startConsent(
  ctx: CheckContext,
  request: Partial<TargetRequest> = {},
): Promise<StartedConsent> {
  const exchange = await ctx.client.send({
    method: 'POST',
    path: '/v1/consents',
    body: {},
    label: 'start a consent',
    ...request,
  });
  ctx.expect.status(exchange, 201, 'POST /v1/consents');
  const body = json<{ consentId?: string }>(exchange);
  const href = scaRedirectOf(exchange);
  ctx.expect.true(
    typeof body?.consentId === 'string' && href !== undefined,
    'the consent answer carries consentId and _links.scaRedirect',
  );
  return { consentId: body.consentId!, scaRedirect: absoluteHref(href!, exchange), exchange };
}

/** Lets the PSU agent complete (or abort) an SCA, recording the script as evidence. */
export async function completeSca(
  ctx: CheckContext,
  scaRedirect: string,
  script: PsuScript,
): Promise<ScaRedirect> {
  ctx.evidence.note(
    `PSU ${script.login} ${script.outcome === 'abort' ? 'aborts' : 'completes'} the SCA at ${scaRedirect}`,
  );
  return ctx.psu.completeSca(scaRedirect, script);
}

/** The §6.1 redirect of a successful SCA; a failure redirect fails the check. */
export function expectSuccess(
  ctx: CheckContext,
  redirect: ScaRedirect,
  what: string,
): Extract<ScaRedirect, { outcome: 'success' }> {
  ctx.expect.equal(
    redirect.outcome === 'success'
      ? 'success'
      : `failure ${redirect.status} ${redirect.code}: ${redirect.message}`,
    'success',
    `${what}: the bank redirects back after a successful SCA (§6.1)`,
  );
  return redirect as Extract<ScaRedirect, { outcome: 'success' }>;
}

/** Starts a consent and lets the PSU grant what `script` says; returns the consent and redirect. */
export async function consentFlow(
  ctx: CheckContext,
  script: PsuScript,
  request: Partial<TargetRequest> = {},
): Promise<StartedConsent & { redirect: ScaRedirect }> {
  const started = await startConsent(ctx, request);
  const redirect = await completeSca(ctx, started.scaRedirect, {
    consent: { grant: ['*'] },
    ...script,
  });
  return { ...started, redirect };
}

export interface ConsentInformation {
  consentStatus?: string;
  validUntil?: string;
  lastActionDate?: string;
  access?: { accounts?: { iban?: string; maskedPan?: string; currency?: string }[] };
  _links?: Record<string, JsonValue>;
}

/** GET /v1/consents/{consentId}, asserting 200. */
export async function readConsent(
  ctx: CheckContext,
  consentId: string,
  headers: Record<string, string> = {},
): Promise<ConsentInformation> {
  const exchange = await ctx.client.send({
    method: 'GET',
    path: `/v1/consents/${encodeURIComponent(consentId)}`,
    headers,
    label: 'read the consent',
  });
  ctx.expect.status(exchange, 200, 'GET /v1/consents/{consentId}');
  return json<ConsentInformation>(exchange);
}

/** The IBANs and masked PANs a consent grants (GET /v1/consents/{id} `access.accounts`). */
export async function grantedReferences(
  ctx: CheckContext,
  consentId: string,
  headers: Record<string, string> = {},
): Promise<string[]> {
  const consent = await readConsent(ctx, consentId, headers);
  return (consent.access?.accounts ?? [])
    .map((reference) => reference.iban ?? reference.maskedPan ?? '')
    .sort();
}

// ---- test PSUs in either mode ----------------------------------------------------------------

export interface TestPsu {
  /** What the SCA login asks for (§1: the mocked national identity number). */
  login: string;
  name: string;
  customerNumber?: string;
}

export interface Representative extends TestPsu {
  /** A corporate agreement the PSU represents with accounts to consent to (REGISTER and VIEW). */
  agreement: { id: string; name: string };
}

/**
 * The embedded bank's documented test PSUs (docs/sandbox-data.md): what a production-mode run of
 * the embedded bank logs in with, where no sandbox API lists them.
 */
const DOCUMENTED = {
  people: [
    { login: '15038512363', name: 'Ola Nordmann', customerNumber: '10000001' },
    { login: '62079045611', name: 'Kari Nordmann', customerNumber: '10000002' },
  ],
  representative: {
    login: '15038512363',
    name: 'Ola Nordmann',
    customerNumber: '10000001',
    agreement: { id: 'agr-20000001', name: 'Nordlys Rørlegger AS' },
  },
} as const;

/** Two private test PSUs: from GET /v1/sandbox/customers, or the documented ones. */
export async function testPeople(ctx: CheckContext): Promise<[TestPsu, TestPsu]> {
  if (!ctx.target.hasSandboxApi) return [DOCUMENTED.people[0], DOCUMENTED.people[1]];
  const people = (await sandboxCustomers(ctx)).filter((c) => c.type === 'PRIVATE');
  if (people.length < 2) return ctx.skip('the sandbox has fewer than two private customers');
  const [first, second] = people.map((c) => ({
    login: c.nationalIdentityNumber,
    name: c.name,
    customerNumber: c.customerNumber,
  }));
  return [first!, second!];
}

/**
 * A PSU who represents a corporation with accounts to consent to in that context: from the
 * sandbox (an engagement of the PSU with both REGISTER and VIEW, §4.3 rule 5), or documented.
 */
export async function testRepresentative(ctx: CheckContext): Promise<Representative> {
  if (!ctx.target.hasSandboxApi) return DOCUMENTED.representative;
  for (const psu of (await sandboxCustomers(ctx)).filter((c) => c.type === 'PRIVATE'))
    for (const agreement of psu.agreements.filter(
      (a) => a.type === 'CORPORATE' && a.relation !== 'owner',
    )) {
      const read = await ctx.client.send({
        method: 'GET',
        path: `/v1/sandbox/agreements/${encodeURIComponent(agreement.id)}`,
        label: `agreement ${agreement.id}`,
      });
      const engagements =
        json<{ engagements?: { customer: string; roles: string[] }[] }>(read)?.engagements ?? [];
      if (
        engagements.some(
          (e) =>
            e.customer === psu.customerNumber &&
            e.roles.includes('REGISTER') &&
            e.roles.includes('VIEW'),
        )
      )
        return {
          login: psu.nationalIdentityNumber,
          name: psu.name,
          customerNumber: psu.customerNumber,
          agreement: { id: agreement.id, name: agreement.name },
        };
    }
  return ctx.skip('the sandbox has no PSU with consentable accounts in a corporate agreement');
}

/** The PSU agent's script to act for `representative`'s corporation (§1). */
export function corporateScript(representative: Representative): PsuScript {
  return {
    login: representative.login,
    context: 'CORPORATE',
    corporateAgreement: representative.agreement.name,
  };
}

// ---- GET /v1/user: the identity SCA ------------------------------------------------------------

/** GET /v1/user with extra headers (e.g. another TPP-Session-ID, PSU-ID). */
export function getUser(
  ctx: CheckContext,
  headers: Record<string, string> = {},
  label = 'GET /v1/user',
): Promise<Exchange> {
  return ctx.client.send({ method: 'GET', path: '/v1/user', headers, label });
}

/**
 * Starts SCA through GET /v1/user (401 with scaRedirect when the session holds none) and lets the
 * PSU complete it; answers the redirect.
 */
export async function userSca(
  ctx: CheckContext,
  script: PsuScript,
  headers: Record<string, string> = {},
): Promise<ScaRedirect> {
  const exchange = await getUser(ctx, headers, 'GET /v1/user to start SCA');
  ctx.expect.status(exchange, 401, 'GET /v1/user without SCA in the session');
  const href = scaRedirectOf(exchange);
  ctx.expect.true(href !== undefined, 'the 401 carries _links.scaRedirect');
  return completeSca(ctx, absoluteHref(href!, exchange), script);
}

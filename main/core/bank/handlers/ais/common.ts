/**
 * What the account information reads share (decisions.md paths, docs/ais.md): headers, the fixes
 * as they apply (§9.2), amounts and names as the production interface shows them (§2.1, §8),
 * links, the PSU's access to one account (docs/sca.md "Access"), the §5.3.7 history rule and
 * §4.2.3 paging with its next/previous links.
 */
import { bankError, type ErrorCode } from '../../../spec/errors.js';
import { FIXES, isDefaultAt, type FixName } from '../../../spec/fixes.js';
import { DEFAULT_PAGE_SIZE, PAGE_LIMIT_PARAMETER_DEFAULT } from '../../../spec/limits.js';
import type { Link } from '../../../spec/schemas/shared.js';
import { minorUnitsToAmountString } from '../../../spec/validators/amount.js';
import { requireAccountAccess, scaAgeAllowsHistory } from '../../domain/access.js';
import type { HoldingKind } from '../../../spec/enums.js';
import type { Account, CardAccount } from '../../domain/model.js';
import { faultActive } from '../../faults/index.js';
import { psuContextOf } from '../../context/accessors.js';
import type { ResolvedPsu } from '../../domain/psu.js';
import { scaNeeded } from '../../context/sca-redirect.js';
import { isRejection, type Rejection } from '../../http/refusal.js';
import type { BankMode } from '../../../../shared/mode.js';
import type {
  HandlerEnvironment,
  RequestContext,
  RouteDefinition,
} from '../../context/request-context.js';
import { NEGOTIATION, PSU_HEADERS, SIGNED_OPTIONAL, headerSet } from '../header-sets.js';

/** §4.1 TPP headers on every AIS read: a history read may need SCA (§5.3.2). */
const AIS_REQUIRED = [
  'x-request-id',
  'tpp-session-id',
  'tpp-redirect-uri',
  'tpp-signature-certificate',
  'signature',
];
const AIS_OPTIONAL = [
  'psu-id',
  'psu-corporate-id',
  'psu-context',
  'psu-ip-address',
  ...PSU_HEADERS,
  'tpp-redirect-preferred',
  ...NEGOTIATION,
  ...SIGNED_OPTIONAL,
];

/** Reads the spec does not show (decisions.md): x-accept-fix optional. */
export const AIS_HEADERS = headerSet(AIS_REQUIRED, ['x-accept-fix', ...AIS_OPTIONAL]);
/** §4.2.3: x-accept-fix is required on the card account transactions read. */
export const CARD_TRANSACTIONS_HEADERS = headerSet(['x-accept-fix', ...AIS_REQUIRED], AIS_OPTIONAL);

/** The shared parts of an AIS route definition. */
export const AIS_ROUTE = {
  method: 'GET',
  modes: ['sandbox', 'production'],
  tppRole: 'AISP',
  signed: true,
  access: 'psu',
} as const satisfies Partial<RouteDefinition>;

// ---- how the answer is written ---------------------------------------------------------------

/** What shapes an answer: the fixes in force, the active faults, the bank clock and the mode. */
export interface AisView {
  fixes: ReadonlySet<FixName>;
  faults: ReadonlySet<string>;
  now: Date;
  mode: BankMode;
}

/**
 * §9.2: the fixes asked for in x-accept-fix plus those whose default date has come (the fixes
 * stage already computed them into ctx.fixes); the FIX-* faults break the rule on AIS reads.
 */
export function aisFixes(ctx: RequestContext): ReadonlySet<FixName> {
  if (ctx.faults.size === 0) return ctx.fixes;
  const defaults = FIXES.filter((fix) => isDefaultAt(fix, ctx.now)).map((fix) => fix.name);
  if (faultActive(ctx, 'FIX-ACCEPT-FIX-OPT-IN')) return new Set(defaults);
  if (faultActive(ctx, 'FIX-ACCEPT-FIX-COMMA-LIST'))
    return new Set([...defaults, ...ctx.requestedFixes.slice(0, 1)]);
  if (faultActive(ctx, 'FIX-DEFAULT-AFTER-NOTICE')) return new Set(ctx.requestedFixes);
  return ctx.fixes;
}

/** What an AIS read's presentation needs of its request: fixes, faults, clock and mode. */
export function aisViewOf(ctx: RequestContext): AisView {
  return { fixes: aisFixes(ctx), faults: ctx.faults, now: ctx.now, mode: ctx.mode };
}

/**
 * A GET link to one of the bank's paths (§2.1 Link) as an AIS read writes it: the FIX-V1-PREFIX
 * fault drops `/v1`, which the plain `link` of sca/apiShapes does not.
 */
export function aisLink(view: AisView, path: string): Link {
  return {
    href: faultActive(view, 'FIX-V1-PREFIX') ? path.replace(/^\/v1\//, '/') : path,
    verbs: ['GET'],
  };
}

export const segment = encodeURIComponent;
export const accountPath = (id: string) => `/v1/accounts/${segment(id)}`;
export const cardAccountPath = (id: string) => `/v1/card-accounts/${segment(id)}`;

/**
 * §2.1 Amount from ledger minor units (decisions.md): a string with the currency's ISO 4217
 * decimals once `amount-as-string` applies (§9.2, default since 2020-08-01), a JSON number before.
 * Undefined for a currency outside the §2.1 list (backend data the interface cannot show).
 */
export function presentAmount(
  view: AisView,
  amount: { amount: number; currency: string },
): { amount: string | number; currency: string } | undefined {
  const text = minorUnitsToAmountString(amount.amount, amount.currency);
  if (text === undefined) return undefined;
  if (!view.fixes.has('amount-as-string'))
    return { amount: Number(text), currency: amount.currency };
  const written = faultActive(view, 'FIX-AMOUNT-AS-STRING') ? String(Number(text)) : text;
  return { amount: written, currency: amount.currency };
}

/**
 * §8 account and card account names: up to 70 characters with `longer-names` (§9.2, default from
 * 05-Sep-2024). Before it the legacy limit applies, which the spec does not show; workbench choice
 * (docs/ais.md): 35 characters, the Berlin Group length of a product name, cut on a code point.
 */
export const LEGACY_NAME_MAX = 35;
export const LONGER_NAME_MAX = 70;

export function presentName(view: AisView, name: string): string {
  const longer = view.fixes.has('longer-names') && !faultActive(view, 'FIX-LONGER-NAMES');
  return cut(name, longer ? LONGER_NAME_MAX : LEGACY_NAME_MAX);
}

export function cut(text: string, max: number): string {
  const codePoints = [...text];
  return codePoints.length <= max ? text : codePoints.slice(0, max).join('');
}

// ---- who asks, and for what --------------------------------------------------------------------

/** The PSU the session stage resolved (AIS routes declare `access: 'psu'`). */
export function psuOf(ctx: RequestContext): ResolvedPsu {
  const psu = psuContextOf(ctx);
  if (!psu) throw new Error(`route ${ctx.route?.operationId} declares no access`);
  return psu;
}

/** requireAccountAccess for the account in the path (docs/sca.md "Access"). */
export function accessTo(
  ctx: RequestContext,
  env: HandlerEnvironment,
  kind: HoldingKind,
  accountId: string,
) {
  return requireAccountAccess(env.state, psuOf(ctx), { kind, accountId }, ctx.now);
}

/** The account of `{account-id}` once the PSU's consent grants it (accessTo), else the refusal. */
export function grantedAccount(ctx: RequestContext, env: HandlerEnvironment): Account | Rejection {
  const accountId = ctx.pathParams['account-id']!;
  const access = accessTo(ctx, env, 'account', accountId);
  if (isRejection(access)) return access;
  return env.state.accounts.find((a) => a.id === accountId)!;
}

/** The card account of `{account-id}` once the PSU's consent grants it, else the refusal. */
export function grantedCardAccount(
  ctx: RequestContext,
  env: HandlerEnvironment,
): CardAccount | Rejection {
  const accountId = ctx.pathParams['account-id']!;
  const access = accessTo(ctx, env, 'card-account', accountId);
  if (isRejection(access)) return access;
  return env.state.cardAccounts.find((c) => c.resourceId === accountId)!;
}

const SCA_CODES: Record<ResolvedPsu['sessionState'], ErrorCode> = {
  valid: 'SCA_EXPIRED',
  expired: 'SCA_EXPIRED',
  replaced: 'SCA_INVALID',
  'other-psu': 'SCA_INVALID',
  none: 'SCA_NOT_FOUND',
};

/**
 * §5.3.7, §8: history back to 90 days before the bank date without SCA; older only with SCA inside
 * the TPP session's hour. Otherwise 401 with a fresh `_links.scaRedirect` (scaNeeded); the code
 * follows the session: none → SCA_NOT_FOUND, older than an hour → SCA_EXPIRED, replaced or another
 * PSU's → SCA_INVALID.
 */
export function requireHistoryAccess(
  ctx: RequestContext,
  env: HandlerEnvironment,
  dateFrom: string,
): Rejection | undefined {
  const psu = psuOf(ctx);
  const sessionScaAt = psu.session?.scaCompletedAt;
  const allowed = scaAgeAllowsHistory({
    dateFrom,
    now: ctx.now,
    ...(sessionScaAt !== undefined ? { sessionScaAt } : {}),
  });
  if (allowed || faultActive(ctx, 'CONSENT-HISTORY-90D-WITHOUT-SCA')) return undefined;
  return scaNeeded(
    ctx,
    env,
    psu,
    SCA_CODES[psu.sessionState],
    `transactions from ${dateFrom} reach back more than 90 days: that history needs an SCA inside this TPP session's hour (§5.3.7, §8); redirect the PSU to _links.scaRedirect`,
  );
}

/** 404 RESOURCE_UNKNOWN for an id in the path. */
export function unknownInPath(parameter: string, text: string): Rejection {
  return {
    kind: 'rejection',
    rule: `handler.${parameter}-unknown`,
    error: bankError('RESOURCE_UNKNOWN', text, { path: parameter }),
  };
}

// ---- §4.2.3 paging -----------------------------------------------------------------------------

export interface Paging {
  offset: number;
  limit: number;
  /** True when the request gave no paging parameter (§4.2.3: up to 200 per call). */
  defaulted: boolean;
}

/**
 * §4.2.3: offset default 0; limit at least 1 with the parameter default 1; when no paging parameter
 * is given at all, up to 200 per call (§8, release 1.19.2).
 */
export function pagingOf(query: { offset?: number; limit?: number }): Paging {
  if (query.offset === undefined && query.limit === undefined)
    return { offset: 0, limit: DEFAULT_PAGE_SIZE, defaulted: true };
  return {
    offset: query.offset ?? 0,
    limit: query.limit ?? PAGE_LIMIT_PARAMETER_DEFAULT,
    defaulted: false,
  };
}

export interface PageLinkOptions {
  /** The query the links repeat (bookingStatus, dateFrom, dateTo). */
  query: Record<string, string | undefined>;
  paging: Paging;
  /** Whether the sequence the page was cut from goes on after it. */
  more: boolean;
  /** Faults: leave out `previous`; count `next` from offset + 1; leave out the default limit. */
  omitPrevious?: boolean;
  nextOffByOne?: boolean;
  omitDefaultLimit?: boolean;
}

/**
 * §2.5, §4.2.3, §8: `next` raises offset by the limit and keeps the limit; `previous` lowers it
 * (not below 0). Both carry the limit explicitly — 200 when the request gave no paging parameter.
 */
export function pageLinks(view: AisView, path: string, options: PageLinkOptions) {
  const { paging, more } = options;
  const href = (offset: number) => {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(options.query))
      if (value !== undefined) params.set(name, value);
    params.set('offset', String(offset));
    if (!(options.omitDefaultLimit && paging.defaulted)) params.set('limit', String(paging.limit));
    return aisLink(view, `${path}?${params}`);
  };
  const links: { next?: Link; previous?: Link } = {};
  if (more) links.next = href(paging.offset + (options.nextOffByOne ? 1 : paging.limit));
  if (paging.offset > 0 && !options.omitPrevious)
    links.previous = href(Math.max(0, paging.offset - paging.limit));
  return links;
}

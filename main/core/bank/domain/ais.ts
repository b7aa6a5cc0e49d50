/**
 * Account information over the one ledger (§1, §4.2.3, §7.3, §8; docs/ais.md): which accounts and
 * card accounts a PSU's consent shows a TPP, and the transaction pages the AIS reads answer with
 * (date range, offset/limit, the §8 pending-transactions known issue). Pure functions over the
 * domain state the sandbox management API and payments write; no clock reads, no HTTP.
 */
import { bankError } from '../../spec/errors.js';
import type { BookingStatus, HoldingKind } from '../../spec/enums.js';
import { reject, type Rejection } from '../http/refusal.js';
import type { BankMode } from '../../../shared/mode.js';
import { activeGrants, latestConsent, scopeOf } from './access.js';
import type { Account, CardAccount, Consent, DomainEntities } from './model.js';
import { consentableAccounts } from './parties.js';
import type { ResolvedPsu } from './psu.js';

// ---- consent ---------------------------------------------------------------------------------

/**
 * The PSU's valid consent in its context (docs/sca.md "Access"): no PSU → 401
 * PSU_CREDENTIALS_INVALID; expired after 180 days → 401 CONSENT_EXPIRED; none → 401
 * CONSENT_INVALID. The same answers as requireAccountAccess, for the list reads.
 */
export function requireValidConsent(
  state: DomainEntities,
  psu: ResolvedPsu,
  now: Date,
): Consent | Rejection {
  const scope = scopeOf(psu);
  if (!scope)
    return reject(
      'access.psu-unknown',
      bankError('PSU_CREDENTIALS_INVALID', 'account information needs PSU-ID (§5.3.8)', {
        path: 'PSU-ID',
      }),
    );
  const consent = latestConsent(state, scope, now);
  if (consent?.consentStatus === 'valid') return consent;
  const where = scope.agreementId === undefined ? 'private context' : 'this corporate agreement';
  return consent?.consentStatus === 'expired'
    ? reject(
        'access.consent-expired',
        bankError(
          'CONSENT_EXPIRED',
          `the PSU's consent for ${where} expired 180 days after its SCA (§5.3.7); start a new consent with POST /v1/consents`,
        ),
      )
    : reject(
        'access.consent-invalid',
        bankError(
          'CONSENT_INVALID',
          `the PSU has given this TPP no valid consent in ${where} (§1); start one with POST /v1/consents`,
        ),
      );
}

export interface ConsentedHoldings {
  consent: Consent;
  accounts: Account[];
  cardAccounts: CardAccount[];
  /** Granted holdings that are closed, deleted or gone in the backend (§7.3: left out). */
  closed: { kind: HoldingKind; accountId: string }[];
}

/**
 * What the PSU's consent shows this TPP now (§1: only consented accounts; a corporate
 * representative only the accounts granted in that agreement). Granted holdings that were closed
 * in the backend, deleted, removed, or are no longer consentable in the context drop out of the
 * lists — §7.3: the list is then empty, never 404. In the order of the consent screen.
 */
export function consentedHoldings(
  state: DomainEntities,
  psu: ResolvedPsu,
  now: Date,
): ConsentedHoldings | Rejection {
  const consent = requireValidConsent(state, psu, now);
  if ('kind' in consent) return consent;
  const scope = scopeOf(psu)!;
  const granted = activeGrants(state, scope, now);
  const offered = consentableAccounts(state, {
    customerNumber: scope.customerNumber,
    ...(scope.agreementId !== undefined ? { agreementId: scope.agreementId } : {}),
  });
  const isGranted = (kind: HoldingKind, id: string) =>
    granted.some((grant) => grant.accountKind === kind && grant.accountId === id);
  const accounts: Account[] = [];
  const cardAccounts: CardAccount[] = [];
  for (const entry of offered) {
    if (!isGranted(entry.kind, entry.id)) continue;
    if (entry.kind === 'account') {
      const account = state.accounts.find((a) => a.id === entry.id);
      if (account) accounts.push(account);
    } else {
      const card = state.cardAccounts.find((c) => c.resourceId === entry.id);
      if (card) cardAccounts.push(card);
    }
  }
  const shown = new Set([
    ...accounts.map((a) => `account:${a.id}`),
    ...cardAccounts.map((c) => `card-account:${c.resourceId}`),
  ]);
  const closed = granted
    .filter((grant) => !shown.has(`${grant.accountKind}:${grant.accountId}`))
    .map((grant) => ({ kind: grant.accountKind, accountId: grant.accountId }));
  return { consent, accounts, cardAccounts, closed };
}

/** Every account the PSU could consent to in its context, granted or not (fault profiles only). */
export function consentableHoldings(
  state: DomainEntities,
  psu: ResolvedPsu,
): { accounts: Account[]; cardAccounts: CardAccount[] } {
  const scope = scopeOf(psu);
  if (!scope) return { accounts: [], cardAccounts: [] };
  const offered = consentableAccounts(state, {
    customerNumber: scope.customerNumber,
    ...(scope.agreementId !== undefined ? { agreementId: scope.agreementId } : {}),
  });
  return {
    accounts: state.accounts.filter((a) =>
      offered.some((o) => o.kind === 'account' && o.id === a.id),
    ),
    cardAccounts: state.cardAccounts.filter((c) =>
      offered.some((o) => o.kind === 'card-account' && o.id === c.resourceId),
    ),
  };
}

// ---- transaction pages -----------------------------------------------------------------------

export interface TransactionWindow {
  bookingStatus: BookingStatus;
  /** Inclusive, YYYY-MM-DD, on the booking date (§4.2.3 "not before"). */
  dateFrom: string;
  /** Inclusive (§4.2.3 "not after"). */
  dateTo?: string;
  offset: number;
  limit: number;
}

export interface TransactionPage<T> {
  booked: T[];
  pending: T[];
  /** Whether the sequence offset and limit cut goes on after this page (the next link). */
  more: boolean;
}

/** Where a page's entries come from: the ledger, one status at a time, newest first. */
export interface TransactionSource<T> {
  list(
    status: 'booked' | 'pending',
    range: { fromDate?: string; toDate?: string },
    paging: { offset: number; limit?: number },
  ): T[];
  count(status: 'booked' | 'pending', range: { fromDate?: string; toDate?: string }): number;
}

/**
 * One page of a transaction list (§4.2.3). The query's statuses within the date range form one
 * sequence — pending ones first, then booked, each newest first — that offset and limit cut, so a
 * call returns at most `limit` transactions. Only the page (and one entry beyond it, to know
 * whether there is a next page) is read from the ledger, plus a count of the pending entries when
 * the page may start among them: the cost is the page, not the account's history.
 *
 * `pendingUnfiltered` reproduces the §8 known issue: with bookingStatus `both` or `pending`, every
 * pending transaction is returned on every page, outside dateFrom, dateTo, offset and limit; the
 * page then cuts the booked ones only.
 */
export function transactionPage<T>(
  source: TransactionSource<T>,
  window: TransactionWindow,
  options: { pendingUnfiltered?: boolean } = {},
): TransactionPage<T> {
  const wantBooked = window.bookingStatus !== 'pending';
  const wantPending = window.bookingStatus !== 'booked';
  const range = {
    fromDate: window.dateFrom,
    ...(window.dateTo !== undefined ? { toDate: window.dateTo } : {}),
  };
  const { offset, limit } = window;
  const bookedFrom = (start: number, count: number) => {
    if (!wantBooked) return { entries: [] as T[], more: false };
    const entries = source.list('booked', range, { offset: start, limit: count + 1 });
    return { entries: entries.slice(0, count), more: entries.length > count };
  };
  if (wantPending && options.pendingUnfiltered) {
    const booked = bookedFrom(offset, limit);
    return {
      booked: booked.entries,
      pending: source.list('pending', {}, { offset: 0 }),
      more: booked.more,
    };
  }
  const pendingCount = wantPending ? source.count('pending', range) : 0;
  const pending =
    offset < pendingCount ? source.list('pending', range, { offset, limit }) : ([] as T[]);
  const room = limit - pending.length;
  const booked = bookedFrom(Math.max(0, offset - pendingCount), room);
  return {
    booked: booked.entries,
    pending,
    more: booked.more || offset + limit < pendingCount,
  };
}

/**
 * §8 known issue: reading account transactions with bookingStatus `both` or `pending` returns
 * every pending transaction. Production interface only: sandbox reads (a sandbox bank, and every
 * /v1/sandbox/ read) and card account reads are unaffected. The bank console can switch it off.
 */
export function pendingKnownIssueApplies(state: DomainEntities, mode: BankMode): boolean {
  return mode === 'production' && state.behaviour.pendingKnownIssue;
}

/** The bank console's switch for the §8 pending-transactions known issue (default on). */
export function setPendingKnownIssue(state: DomainEntities, reproduce: boolean): void {
  state.behaviour.pendingKnownIssue = reproduce;
}

/**
 * The bank console closes an account in the backend (§7.3): an account becomes `closed`, a card
 * account `deleted`. Grants stay, but the holding drops out of every list and its reads answer
 * 404 RESOURCE_UNKNOWN. Returns whether the holding exists.
 */
export function closeHolding(state: DomainEntities, kind: HoldingKind, accountId: string): boolean {
  if (kind === 'account') {
    const account = state.accounts.find((a) => a.id === accountId);
    if (account) account.status = 'closed';
    return account !== undefined;
  }
  const card = state.cardAccounts.find((c) => c.resourceId === accountId);
  if (card) card.status = 'deleted';
  return card !== undefined;
}

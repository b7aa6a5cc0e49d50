/**
 * A payment refused because the PSU may not pay from its debtor account (§1: the bank may remove
 * payment permission on an account even while the account remains visible in account
 * information). The bank refuses it at the SCA's confirmation: the payment is RJCT and the §6.2
 * redirect carries 400 PAYMENT_FAILED (§7.4; decisions.md "Ambiguities decided", docs/payments.md
 * "Who may pay") with the message NOT_PERMITTED_TO_PAY. That refusal is final for the account: the TPP must not take the account's
 * presence in AIS for a permission to pay, nor send the same initiation again.
 * - An initiation answered 201 is remembered by its SCA pages' path (its scaRedirect link);
 * - the pages' redirect refusing it for that reason passes (the refusal reached the PSU, and so
 *   the TPP) and remembers the initiation's debtor, creditors and amounts;
 * - an initiation with the same debtor, creditors and amounts sent after that redirect went out
 *   fails, whatever the bank answers it. Another payment from the account is not judged (the PSU
 *   may ask the bank for the permission back; nothing in the API says so).
 * Bounded memory: the last MAX_REMEMBERED of each.
 */
import { RecencyMap } from '../../../../shared/recency-map.js';
import { NOT_PERMITTED_TO_PAY } from '../../domain/payments-approval.js';
import type { ExchangeRecord } from '../request-log.js';
import type { RouteDefinition } from '../../context/request-context.js';
import type { Verdict } from './judge.js';
import { bodyJson } from './body-json.js';

/** Initiations and refusals remembered; a client repeats a refused one far sooner than this. */
const MAX_REMEMBERED = 10_000;

/** The initiation routes of every payment service (handlers/payments/routes.ts). */
const INITIATION = /^\/v1\/(payments|bulk-payments|periodic-payments)\/\{payment-product\}$/;

/** What makes two initiations the same payment, and the debtor account it is from. */
interface Initiation {
  exchangeId: number;
  debtor: string;
  key: string;
}

/** A refused initiation and when the refusing redirect went out (wall-clock milliseconds). */
interface Refusal extends Initiation {
  refusalExchangeId: number;
  answeredAt: number;
}

export interface PaymentRefusalsState {
  /** SCA pages' path (`/sca/{authorisationId}`) → the initiation it authorises. */
  initiations: [string, Initiation][];
  /** Same-payment key → its refusal. */
  refused: [string, Refusal][];
}

type Json = Record<string, unknown>;
const asObject = (value: unknown): Json | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Json)
    : undefined;

/** An account reference's identifier (IBAN, else BBAN). */
const accountOf = (value: unknown): string => {
  const account = asObject(value);
  return String(account?.iban ?? account?.bban ?? '');
};

/** "100.00", "100.0" and "100" are one amount (§2.1 decimal strings; sandbox integers too). */
const amountOf = (value: unknown): string => {
  const amount = asObject(value);
  const text = String(amount?.amount ?? '');
  const canonical = text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
  return `${canonical} ${String(amount?.currency ?? '')}`;
};

/** The debtor and the same-payment key of an initiation body, or undefined when it is no JSON object. */
function initiationOf(bodyText: string | undefined): Omit<Initiation, 'exchangeId'> | undefined {
  const body = asObject(bodyJson(bodyText));
  if (!body) return undefined;
  const debtor = accountOf(body.debtorAccount);
  // A bulk payment lists its transfers in `payments`; single and periodic ones are one transfer.
  const transfers = Array.isArray(body.payments) ? body.payments.map(asObject) : [body];
  const key = JSON.stringify([
    debtor,
    transfers.map((transfer) => [
      accountOf(transfer?.creditorAccount),
      amountOf(transfer?.instructedAmount),
    ]),
  ]);
  return { debtor, key };
}

/** The SCA pages' path of a 201's scaRedirect link. */
function pagesOf(responseBody: unknown): string | undefined {
  const href = asObject(asObject(asObject(responseBody)?._links)?.scaRedirect)?.href;
  if (typeof href !== 'string') return undefined;
  try {
    return new URL(href, 'http://bank.invalid').pathname;
  } catch {
    return undefined;
  }
}

/** Whether a page's answer is the §6.2 redirect refusing a payment for want of payment permission. */
function refusesPermission(record: ExchangeRecord): boolean {
  const name = Object.keys(record.response.headers).find((key) => key.toLowerCase() === 'location');
  if (record.response.status !== 303 || name === undefined) return false;
  try {
    const query = new URL(record.response.headers[name]!).searchParams;
    return query.get('code') === 'PAYMENT_FAILED' && query.get('message') === NOT_PERMITTED_TO_PAY;
  } catch {
    return false;
  }
}

export class PaymentRefusals {
  readonly initiations = new RecencyMap<string, Initiation>(MAX_REMEMBERED);
  readonly refused = new RecencyMap<string, Refusal>(MAX_REMEMBERED);

  /** A TPP request: an initiation repeating a refused one fails; one answered 201 is remembered. */
  judgeRequest(route: RouteDefinition, record: ExchangeRecord, responseBody: unknown): Verdict[] {
    if (route.method !== 'POST' || !INITIATION.test(route.path)) return [];
    const initiation = initiationOf(record.request.bodyText);
    if (!initiation) return [];
    const pages = record.response.status === 201 ? pagesOf(responseBody) : undefined;
    if (pages !== undefined) this.initiations.set(pages, { ...initiation, exchangeId: record.id });
    const refusal = this.refused.get(initiation.key);
    if (refusal === undefined || Date.parse(record.arrivedAt) < refusal.answeredAt) return [];
    return [
      {
        rule: 'TPP-PAYMENT-REFUSAL-FINAL',
        verdict: 'fail',
        text: `sent again the payment from ${refusal.debtor} first initiated in exchange #${refusal.exchangeId}, which the bank refused in exchange #${refusal.refusalExchangeId} (PAYMENT_FAILED: the PSU may not pay from that account): the refusal is final for the account, whatever account information shows (§1)`,
      },
    ];
  }

  /** A page exchange: the redirect refusing a remembered initiation for want of permission. */
  judgePage(record: ExchangeRecord): Verdict[] {
    if (!refusesPermission(record)) return [];
    const pages = record.request.target.split('?')[0]!;
    const initiation = this.initiations.get(pages);
    if (initiation === undefined) return [];
    this.initiations.delete(pages);
    this.refused.set(initiation.key, {
      ...initiation,
      refusalExchangeId: record.id,
      answeredAt: Date.parse(record.arrivedAt) + record.durationMs,
    });
    return [
      {
        rule: 'TPP-PAYMENT-REFUSAL-FINAL',
        verdict: 'pass',
        text: `the bank refused the payment from ${initiation.debtor} of exchange #${initiation.exchangeId} (§6.2 PAYMENT_FAILED: no payment permission on the account); the same initiation must not follow`,
      },
    ];
  }

  clear(): void {
    this.initiations.clear();
    this.refused.clear();
  }

  serialise(): PaymentRefusalsState {
    return { initiations: [...this.initiations], refused: [...this.refused] };
  }

  restore(state: PaymentRefusalsState | undefined): void {
    this.clear();
    for (const [pages, initiation] of state?.initiations ?? [])
      this.initiations.set(pages, initiation);
    for (const [key, refusal] of state?.refused ?? []) this.refused.set(key, refusal);
  }
}

/**
 * §3.1: the bank may exempt a transaction from SCA; the TPP learns it only from the answer, which
 * then has no `_links.scaRedirect`. A payment initiation answered 201 without one is created and
 * needs no SCA: a client that takes such an answer as broken and sends the payment again pays
 * twice. Remembered per exempted payment, judged on the TPP's later requests:
 * - a read of the payment or its status passes (once per payment): the client followed it;
 * - an initiation of the same payment again (same debtor account, creditors, amounts and
 *   currencies) within the bank's logical-duplicate window fails, unless it carries
 *   allowLogicalDuplicate=true (§4.2.2: the TPP says it means a further payment);
 * - POST …/{paymentId}/authorisations (the Berlin Group's explicit start of an SCA, which
 *   decisions.md follows where the spec is silent) on the payment fails: the bank gave no SCA.
 * Requests sent before the exempted answer went out (in flight together) are not judged.
 */
import { LOGICAL_DUPLICATE_WINDOW_MS } from '../../domain/payments.js';
import type { RouteDefinition } from '../../context/request-context.js';
import type { ExchangeRecord } from '../request-log.js';
import type { Verdict } from './judge.js';
import { bodyJson } from './body-json.js';

/** Exempted payments remembered; a client acts on an answer long before this many follow. */
const MAX_EXEMPTED = 10_000;

/** What the memory keeps of one exempted payment, by its path (`/v1/payments/…/{paymentId}`). */
export interface ExemptedPayment {
  exchangeId: number;
  /** The payment's debtor, creditors and amounts (paymentKey). */
  key: string;
  /** Wall-clock milliseconds when the 201 went out. */
  answeredAt: number;
  /** Bank-clock milliseconds of the initiation. */
  initiatedAt: number;
  read: boolean;
}

type Json = Record<string, unknown>;

const objectOf = (value: unknown): Json | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Json)
    : undefined;

/** `a.b` of a JSON value, as text. */
const textAt = (value: unknown, a: string, b: string): string => {
  const found = objectOf(objectOf(value)?.[a])?.[b];
  return typeof found === 'string' || typeof found === 'number' ? String(found) : '';
};

/**
 * The same payment, whatever its service, product or remittance: the debtor account and each
 * creditor with amount and currency (a bulk payment's `payments`), or undefined for a body that
 * is not a payment (the bank refused it; nothing was paid).
 */
export function paymentKey(bodyText: string | undefined): string | undefined {
  const body = objectOf(bodyJson(bodyText));
  if (!body) return undefined;
  const transfers = Array.isArray(body.payments) ? (body.payments as unknown[]) : [body];
  const credits = transfers
    .map((transfer) => {
      const amount = textAt(transfer, 'instructedAmount', 'amount');
      const number = Number(amount);
      return [
        textAt(transfer, 'creditorAccount', 'iban'),
        amount !== '' && Number.isFinite(number) ? String(number) : amount,
        textAt(transfer, 'instructedAmount', 'currency'),
      ].join(' ');
    })
    .sort();
  return JSON.stringify([textAt(body, 'debtorAccount', 'iban'), credits]);
}

/** `/v1/{payment-service}/{payment-product}`: the route template of a payment initiation. */
export const isPaymentInitiationPath = (template: string) =>
  /^\/v1\/[^/]+\/\{payment-product\}$/.test(template);

const isInitiation = (route: RouteDefinition | undefined) =>
  route?.method === 'POST' && route.tppRole === 'PISP' && isPaymentInitiationPath(route.path);

const pathOf = (target: string) => target.split('?')[0]!;

export class ScaExemptions {
  /** Payment path → the exempted payment. */
  readonly exempted = new Map<string, ExemptedPayment>();

  /**
   * The verdicts on one exchange, its route undefined when the bank serves no such method there
   * (a POST …/authorisations on a payment is answered 405); a 201 without scaRedirect is
   * remembered.
   */
  judge(
    route: RouteDefinition | undefined,
    record: ExchangeRecord,
    responseBody: unknown,
  ): Verdict[] {
    const initiation = isInitiation(route);
    // No exempted payment to judge by and no initiation to remember (most requests): nothing.
    if (this.exempted.size === 0 && !initiation) return [];
    const sentAt = Date.parse(record.arrivedAt);
    const path = pathOf(record.request.target);
    const verdicts: Verdict[] = [];
    const key = initiation ? paymentKey(record.request.bodyText) : undefined;
    const declared = /[?&]allowLogicalDuplicate=true(&|$)/.test(record.request.target);
    for (const [paymentPath, payment] of this.exempted) {
      if (sentAt < payment.answeredAt) continue;
      if (key !== undefined && key === payment.key && !declared) {
        if (Date.parse(record.receivedAt) - payment.initiatedAt >= LOGICAL_DUPLICATE_WINDOW_MS)
          continue;
        verdicts.push({
          rule: 'TPP-SCA-EXEMPTION-HONOURED',
          verdict: 'fail',
          text: `initiated the payment of exchange #${payment.exchangeId} again (same debtor, creditor and amount), which the bank had exempted from SCA and created: an answer without scaRedirect needs no SCA (§3.1); read ${paymentPath}/status instead`,
        });
      } else if (record.request.method === 'POST' && path === `${paymentPath}/authorisations`) {
        verdicts.push({
          rule: 'TPP-SCA-EXEMPTION-HONOURED',
          verdict: 'fail',
          text: `asked for an SCA of payment ${paymentPath}, which the bank exempted in exchange #${payment.exchangeId}: its answer had no scaRedirect, so no SCA is needed (§3.1)`,
        });
      } else if (
        !payment.read &&
        record.request.method === 'GET' &&
        record.response.status === 200 &&
        (path === paymentPath || path === `${paymentPath}/status`)
      ) {
        payment.read = true;
        verdicts.push({
          rule: 'TPP-SCA-EXEMPTION-HONOURED',
          verdict: 'pass',
          text: `followed the payment the bank exempted from SCA in exchange #${payment.exchangeId} through its own id, without an SCA`,
        });
      }
    }
    if (initiation && key !== undefined) this.remember(record, responseBody, path, key);
    return verdicts;
  }

  /** A 201 whose `_links` carry no scaRedirect: the bank exempted the payment (§3.1). */
  private remember(record: ExchangeRecord, body: unknown, path: string, key: string): void {
    const answer = objectOf(body);
    const paymentId = answer?.paymentId;
    if (record.response.status !== 201 || typeof paymentId !== 'string') return;
    if (objectOf(answer?._links)?.scaRedirect !== undefined) return;
    const paymentPath = `${path}/${paymentId}`;
    this.exempted.delete(paymentPath);
    this.exempted.set(paymentPath, {
      exchangeId: record.id,
      key,
      answeredAt: Date.parse(record.arrivedAt) + record.durationMs,
      initiatedAt: Date.parse(record.receivedAt),
      read: false,
    });
    if (this.exempted.size > MAX_EXEMPTED) this.exempted.delete(this.exempted.keys().next().value!);
  }
}

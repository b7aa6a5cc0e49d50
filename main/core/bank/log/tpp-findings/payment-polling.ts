/**
 * Payment status polling (§3.2, §4.2.2 GET …/{paymentId}/status): the spec lists the states and
 * the status read but states no polling rate, and no state after a final one. The workbench's
 * stated bound (docs/tpp-plans.md "Payment status polling"): one status read of a payment per
 * second at most, and none once the bank answered a final status (ACSC, PART, RJCT, CANC: the
 * payment changes no more). Times are the bank's arrival times (wall clock), so a client that
 * waits between reads as it says passes whatever its clock.
 */
import { RecencyMap } from '../../../../shared/recency-map.js';
import { FINAL_TRANSACTION_STATUSES } from '../../domain/payments.js';
import type { TransactionStatus } from '../../../spec/enums.js';
import type { ExchangeRecord } from '../request-log.js';
import type { RouteDefinition } from '../../context/request-context.js';
import type { Verdict } from './judge.js';

/** The least time between two status reads of one payment (the stated bound above). */
export const MIN_STATUS_POLL_INTERVAL_MS = 1_000;

/** Payments remembered; a client polls far fewer at once than this. */
const MAX_POLLED = 10_000;

/** What the memory keeps per status path: the last read, and the final answer once given. */
export interface PolledPayment {
  /** Wall-clock milliseconds when the last read arrived. */
  lastArrivedAt: number;
  lastExchangeId: number;
  final?: { exchangeId: number; status: string; answeredAt: number };
}

/** A payment status route of any payment service (payments, bulk-payments, periodic-payments). */
const isStatusRoute = (route: RouteDefinition) =>
  route.method === 'GET' && route.tppRole === 'PISP' && route.path.endsWith('/{paymentId}/status');

const finalStatusOf = (body: unknown): string | undefined => {
  const status = (body as { transactionStatus?: unknown } | undefined)?.transactionStatus;
  return typeof status === 'string' &&
    FINAL_TRANSACTION_STATUSES.includes(status as TransactionStatus)
    ? status
    : undefined;
};

export class PaymentPolling {
  /** Status path (without query) → what was read of it. */
  readonly polled = new RecencyMap<string, PolledPayment>(MAX_POLLED);

  /** The verdicts of one exchange; it is remembered when it read a payment's status. */
  judge(route: RouteDefinition, record: ExchangeRecord, responseBody: unknown): Verdict[] {
    if (!isStatusRoute(route) || record.response.status !== 200) return [];
    const path = record.request.target.split('?')[0]!;
    const arrived = Date.parse(record.arrivedAt);
    const before = this.polled.get(path);
    const verdict = ((): Verdict => {
      if (before?.final !== undefined && arrived >= before.final.answeredAt)
        return {
          rule: 'TPP-PAYMENT-STATUS-POLLING',
          verdict: 'fail',
          text: `read the status again after exchange #${before.final.exchangeId} answered the final status ${before.final.status}: a final status does not change, stop polling`,
        };
      const gap = before === undefined ? undefined : arrived - before.lastArrivedAt;
      if (gap !== undefined && gap < MIN_STATUS_POLL_INTERVAL_MS)
        return {
          rule: 'TPP-PAYMENT-STATUS-POLLING',
          verdict: 'fail',
          text: `read the status ${gap} ms after the read of exchange #${before!.lastExchangeId}: wait at least ${MIN_STATUS_POLL_INTERVAL_MS} ms between two reads of one payment`,
        };
      return {
        rule: 'TPP-PAYMENT-STATUS-POLLING',
        verdict: 'pass',
        text:
          gap === undefined
            ? 'the first status read of this payment'
            : `read ${gap} ms after the previous read of this payment`,
      };
    })();
    const final = finalStatusOf(responseBody);
    const kept: PolledPayment = {
      lastArrivedAt: arrived,
      lastExchangeId: record.id,
      ...(before?.final
        ? { final: before.final }
        : final !== undefined
          ? {
              final: {
                exchangeId: record.id,
                status: final,
                answeredAt: arrived + record.durationMs,
              },
            }
          : {}),
    };
    this.polled.set(path, kept);
    return [verdict];
  }
}

/**
 * The bank's "now" for a check (CheckContext.bankNow): checks date what they create by the bank's
 * clock, never the machine's, so a bank whose clock runs ahead (a moved virtual clock,
 * a bank in another time) gets data dated in its own today.
 */
import {
  CheckInconclusive,
  type EvidenceExchange,
  type TargetClient,
  type TargetClock,
} from '../check-api/index.js';

/** What a Date header says (RFC 9110 §6.6.1, IMF-fixdate), in ms; undefined when absent or bad. */
export function dateHeaderOf(exchange: EvidenceExchange): number | undefined {
  const headers = exchange.response?.headers ?? {};
  const name = Object.keys(headers).find((key) => key.toLowerCase() === 'date');
  const instant = name ? Date.parse(headers[name]!) : Number.NaN;
  return Number.isFinite(instant) ? instant : undefined;
}

export interface BankNow {
  /** Remember the Date of an answer the check got. */
  observe(exchange: EvidenceExchange): void;
  now(): Promise<Date>;
}

/**
 * `clock`: the target's clock when the run can read it. Without it, the latest answer's Date moved
 * on by the machine time elapsed since (a difference, so the machine's own offset does not count),
 * or a request sent only to read the bank's Date.
 */
export function createBankNow(client: TargetClient, clock: TargetClock | undefined): BankNow {
  let latest: { bank: number; seenAt: number } | undefined;
  const observe = (exchange: EvidenceExchange) => {
    const bank = dateHeaderOf(exchange);
    if (bank !== undefined) latest = { bank, seenAt: performance.now() };
  };
  return {
    observe,
    async now() {
      if (clock) return clock.now();
      if (!latest) {
        // Reading a consent that does not exist changes nothing, and any answer carries Date.
        const exchange = await client.send({
          method: 'GET',
          path: '/v1/consents/bank-clock',
          label: "the bank's clock (its Date header)",
        });
        observe(exchange);
        if (!latest)
          throw new CheckInconclusive(
            "the bank's answer carries no Date header (RFC 9110 §6.6.1), so the check cannot date its data by the bank's clock",
            exchange,
          );
      }
      return new Date(latest.bank + (performance.now() - latest.seenAt));
    },
  };
}

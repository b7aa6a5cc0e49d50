/**
 * How the reference TPP copes with a bank that refuses for now (§8 429 ACCESS_EXCEEDED, §7
 * SYSTEM_ERROR with Retry-After) or signs an answer wrongly (§5.2(7)), and the broken variants
 * that do not: one fault flag each in ReferenceFaults.
 */
import type { Exchange } from '../../../main/shared/exchange.js';

export interface ResilienceFaults {
  /** §8: after 429 ACCESS_EXCEEDED, sends again at once instead of waiting for Retry-After. */
  retryStorm?: boolean;
  /** §7: after 503 SYSTEM_ERROR, sends again at once instead of waiting for Retry-After. */
  ignoresBackoff?: boolean;
  /** §5.2(7): uses the consentId of a consent answer whose signature does not verify. */
  trustsBadSignature?: boolean;
}

/** Sends after a Retry-After answer before the app gives up on the request. */
const MAX_RETRIES = 3;

/** RFC 9110 §10.2.3: Retry-After in seconds (delay-seconds or an HTTP-date), else undefined. */
export function retryAfterSeconds(exchange: Exchange, now = Date.now()): number | undefined {
  const value = exchange.response?.headers['retry-after'];
  if (value === undefined) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

/**
 * Sends with `send` and, while the answer is a 429 or 503 with Retry-After, waits it out (with
 * `wait`) and sends again; a faulty app sends again at once.
 */
export async function honouringRetryAfter(
  send: () => Promise<Exchange>,
  wait: (seconds: number) => Promise<void>,
  faults: ResilienceFaults,
): Promise<Exchange> {
  let exchange = await send();
  for (let retry = 0; retry < MAX_RETRIES; retry++) {
    const status = exchange.response?.status;
    const seconds = retryAfterSeconds(exchange);
    if ((status !== 429 && status !== 503) || seconds === undefined) return exchange;
    const storms = status === 429 ? faults.retryStorm : faults.ignoresBackoff;
    if (!storms) await wait(seconds);
    exchange = await send();
  }
  return exchange;
}

/** §5.2(7): an answer a verifying app accepts (checked only when the app knows the bank's cert). */
export function trustedAnswer(
  exchange: Exchange,
  verifies: boolean,
  faults: ResilienceFaults,
): boolean {
  return !verifies || faults.trustsBadSignature === true
    ? true
    : exchange.responseSignature.status === 'valid';
}

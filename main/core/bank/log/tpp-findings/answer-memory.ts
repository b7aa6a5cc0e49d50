/**
 * What the recorder remembers of the bank's answers to judge the TPP's next requests by them:
 * - Retry-After on a 429 ACCESS_EXCEEDED (§8) or a 500/503 SYSTEM_ERROR (§7): a request to the
 *   same resource sent before the time it gives is a retry storm; the first one after it passes;
 * - a POST /v1/consents answer whose signature a TPP test plan spoiled (§5.2.7): a later request
 *   carrying its consentId used what a verifying TPP refuses; a new consent instead passes.
 * Requests sent before the remembered answer went out (in flight together) are not judged.
 */
import { RecencyMap } from '../../../../shared/recency-map.js';
import type { TppRuleId } from '../../../spec/tpp-rules.js';
import type { ExchangeRecord } from '../request-log.js';
import type { RouteDefinition } from '../../context/request-context.js';
import type { Verdict } from './judge.js';
import type { Observation } from './observation.js';

/** Remembered answers of each kind; a client acts on an answer long before this many follow. */
const MAX_REMEMBERED = 10_000;

/** An answer with Retry-After and the time it gives, on the bank clock. */
interface Backoff {
  exchangeId: number;
  rule: TppRuleId;
  /** Bank-clock milliseconds before which the resource must not be asked again. */
  until: number;
  /** Wall-clock milliseconds when the answer went out. */
  answeredAt: number;
}

/** A consent whose 201 went out badly signed. */
interface Untrusted {
  exchangeId: number;
  answeredAt: number;
  used: boolean;
}

export interface AnswerMemoryState {
  backoffs: [string, Backoff][];
  untrusted: [string, Untrusted][];
}

/** The rule a Retry-After on this status belongs to. */
function backoffRule(status: number): TppRuleId | undefined {
  if (status === 429) return 'TPP-ACCESS-EXCEEDED-BACKOFF';
  if (status === 500 || status === 503) return 'TPP-SYSTEM-ERROR-BACKOFF';
  return undefined;
}

/** RFC 9110 §10.2.3: delay-seconds or an HTTP-date; milliseconds after `at`, or undefined. */
function retryAfterMs(value: string | undefined, at: number): number | undefined {
  if (value === undefined) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - at);
}

const resourceOf = (target: string) => target.split('?')[0]!;

export class AnswerMemory {
  private readonly backoffs = new RecencyMap<string, Backoff>(MAX_REMEMBERED);
  private readonly untrusted = new RecencyMap<string, Untrusted>(MAX_REMEMBERED);

  /** The verdicts on this request, then what its answer asks of the next ones. */
  judge(route: Pick<RouteDefinition, 'method' | 'path'>, observation: Observation): Verdict[] {
    const { record } = observation;
    // Nothing remembered and nothing to remember (most requests): no verdict, no timestamps read.
    if (
      this.backoffs.size === 0 &&
      this.untrusted.size === 0 &&
      backoffRule(record.response.status) === undefined &&
      observation.scripted?.badSignature !== true
    )
      return [];
    const isConsentCreation = route.method === 'POST' && route.path === '/v1/consents';
    const sentAt = Date.parse(record.arrivedAt);
    const bankAt = Date.parse(record.receivedAt);
    const resource = resourceOf(record.request.target);
    const verdicts: Verdict[] = [];
    const backoff = this.backoffs.get(resource);
    if (backoff && sentAt >= backoff.answeredAt) {
      this.backoffs.delete(resource);
      verdicts.push(
        bankAt < backoff.until
          ? {
              rule: backoff.rule,
              verdict: 'fail',
              text: `sent ${Math.ceil((backoff.until - bankAt) / 1000)} s before the Retry-After of exchange #${backoff.exchangeId} ran out: wait for it instead of retrying at once`,
            }
          : {
              rule: backoff.rule,
              verdict: 'pass',
              text: `sent again after the Retry-After of exchange #${backoff.exchangeId}`,
            },
      );
    }
    verdicts.push(...this.judgeUntrusted(record, sentAt, isConsentCreation));

    const rule = backoffRule(record.response.status);
    const delay = rule && retryAfterMs(record.response.headers['retry-after'], bankAt);
    if (rule && delay !== undefined)
      this.backoffs.set(resource, {
        exchangeId: record.id,
        rule,
        until: bankAt + delay,
        answeredAt: sentAt + record.durationMs,
      });
    const consentId = (observation.responseBody as { consentId?: unknown } | undefined)?.consentId;
    if (
      observation.scripted?.badSignature === true &&
      isConsentCreation &&
      typeof consentId === 'string'
    )
      this.untrusted.set(consentId, {
        exchangeId: record.id,
        answeredAt: sentAt + record.durationMs,
        used: false,
      });
    return verdicts;
  }

  /** §5.2.7: a consentId of a badly signed answer used, or a new consent asked for instead. */
  private judgeUntrusted(record: ExchangeRecord, sentAt: number, creation: boolean): Verdict[] {
    const verdicts: Verdict[] = [];
    for (const [consentId, untrusted] of this.untrusted) {
      if (sentAt < untrusted.answeredAt) continue;
      if (
        record.request.target.includes(consentId) ||
        record.request.headers['consent-id'] === consentId
      ) {
        untrusted.used = true;
        verdicts.push({
          rule: 'TPP-RESPONSE-SIGNATURE-CHECKED',
          verdict: 'fail',
          text: `used consent ${consentId} from exchange #${untrusted.exchangeId}, whose answer’s signature does not verify: a TPP that verifies (§5.2.7) discards it`,
        });
      } else if (creation) {
        this.untrusted.delete(consentId);
        if (!untrusted.used)
          verdicts.push({
            rule: 'TPP-RESPONSE-SIGNATURE-CHECKED',
            verdict: 'pass',
            text: `asked for a new consent instead of using ${consentId} from the badly signed answer of exchange #${untrusted.exchangeId}`,
          });
      }
    }
    return verdicts;
  }

  clear(): void {
    this.backoffs.clear();
    this.untrusted.clear();
  }

  serialise(): AnswerMemoryState {
    return { backoffs: [...this.backoffs], untrusted: [...this.untrusted] };
  }

  restore(state: AnswerMemoryState | undefined): void {
    this.clear();
    for (const [resource, backoff] of state?.backoffs ?? []) this.backoffs.set(resource, backoff);
    for (const [id, untrusted] of state?.untrusted ?? []) this.untrusted.set(id, untrusted);
  }
}

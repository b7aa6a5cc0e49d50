/**
 * The TPP findings recorder: fed by the bank after every request with what its
 * pipeline decided (bank.ts), it keeps per TPP-side rule the verdicts and the first requests as
 * evidence, and makes the conformance report (model.ts) at any time. Two rules need memory the
 * pipeline does not keep, because the bank serves both requests:
 * - §4.2.3 paging: a page after the first must be read through a `next`/`previous` link the bank
 *   gave (the same path and query parameters), not an offset the TPP computed;
 * - §5.3(1) scaRedirect: after an SCA refusal on a TPP-Session-ID, the same refusal again with no
 *   PSU at the bank's SCA pages in between means the TPP called again instead of redirecting; a
 *   call that gets past the session stage afterwards passes.
 * Bounded memory: counts are kept for every request, evidence for the first
 * FINDINGS_KEPT_PER_VERDICT per rule and verdict, page links (those with an offset) for the last
 * MAX_LINKS.
 */
import { RecencyMap } from '../../../../shared/recency-map.js';
import { tppRule, TPP_RULES, type TppRule, type TppRuleId } from '../../../spec/tpp-rules.js';
import type { ExchangeRecord } from '../request-log.js';
import type { RouteDefinition } from '../../context/request-context.js';
import { AnswerMemory, type AnswerMemoryState } from './answer-memory.js';
import type { Observation } from './observation.js';
import { compareSigningStrings } from './forensics.js';
import { PaymentPolling, type PolledPayment } from './payment-polling.js';
import { PaymentRefusals, type PaymentRefusalsState } from './payment-refusals.js';
import { ScaLinks } from './sca-links.js';
import { ScaExemptions, type ExemptedPayment } from './sca-exemption.js';
import { linkHrefsOf, pageKey, pagingLinkKey } from './links.js';
import { isScaRefusal, judgeDecision, passed, type Decision, type Verdict } from './judge.js';
import {
  FINDINGS_KEPT_PER_VERDICT,
  TPP_REPORT_FORMAT,
  TPP_REPORT_FORMAT_VERSION,
  type TppEvidenceExchange,
  type TppFinding,
  type TppReport,
  type TppRuleReport,
} from './model.js';

/** Remembered page links; a long CI run reads far fewer pages than this between two pages. */
const MAX_LINKS = 10_000;

/**
 * Remembered X-Request-IDs (§4.1: unique per call): a client that repeats one does so within far
 * fewer calls than this (a retry, a cached header set).
 */
const MAX_REQUEST_IDS = 10_000;

/** §4.2.3 lists: the paths the bank answers with `next`/`previous` links (handlers/ais/common.ts).
 * */
const PAGED_PATHS = new Set([
  '/v1/card-accounts/{account-id}/transactions',
  '/v1/accounts/{account-id}/transactions',
]);

// What the recorder observes; the plans, the shared log and the pipeline import it from here.
export type { Observation, ObservedRejection } from './observation.js';

/**
 * Everything the recorder remembers, as JSON: a shared log keeps it as a checkpoint and judges
 * only the exchanges after it (store/pg-shared-findings.ts).
 */
export interface RecorderState {
  judged: number;
  tallies: [TppRuleId, RuleTally][];
  evidence: TppEvidenceExchange[];
  /** Oldest first, as they are dropped. */
  issuedLinks: string[];
  pendingSca: [string, { exchangeId: number; psuVisited: boolean }][];
  /** X-Request-ID → the exchange that first carried it, oldest first (absent in older states). */
  requestIds?: [string, number][];
  /** PSU → the consent refusal not yet followed by a new consent (absent in older states). */
  refusedConsents?: [string, ConsentRefusal][];
  /** Payment status path → its reads (payment-polling.ts; absent in older states). */
  polledPayments?: [string, PolledPayment][];
  /** scaRedirect link → the exchange that first opened it (sca-links.ts; absent in older states). */
  scaLinks?: [string, number][];
  /** Retry-After and badly signed answers (answer-memory.ts; absent in older states). */
  answers?: AnswerMemoryState;
  /** Payments refused for want of payment permission (payment-refusals.ts; absent in older states). */
  paymentRefusals?: PaymentRefusalsState;
  /** Payments the bank exempted from SCA (sca-exemption.ts; absent in older states). */
  exempted?: [string, ExemptedPayment][];
}

/** A read refused because the PSU's consent is no longer valid, and when its answer went out. */
interface ConsentRefusal {
  exchangeId: number;
  code: string;
  /** Wall-clock milliseconds when the refusal was answered. */
  answeredAt: number;
}

interface RuleTally {
  passes: number;
  failures: number;
  failed: TppFinding[];
  passed: TppFinding[];
}

/** The §7 code of a refusal that says the PSU's consent is no longer valid. */
const CONSENT_REFUSALS: Readonly<Record<string, string>> = {
  'access.consent-invalid': 'CONSENT_INVALID',
  'access.consent-expired': 'CONSENT_EXPIRED',
};

function consentRefusalCode(decision: Decision): string | undefined {
  const rule = decision.rejection?.rule;
  return rule === undefined ? undefined : CONSENT_REFUSALS[rule];
}

export class TppFindingsRecorder {
  private readonly tallies = new Map<TppRuleId, RuleTally>();
  private readonly evidence = new Map<number, TppEvidenceExchange>();
  private readonly issuedLinks = new RecencyMap<string, true>(MAX_LINKS);
  /**
   * TPP-Session-ID → the exchange whose SCA refusal carried a scaRedirect, and whether a PSU was
   * at the SCA pages since (which session's they served is not known here).
   */
  private readonly pendingSca = new Map<string, { exchangeId: number; psuVisited: boolean }>();
  /** X-Request-ID → the exchange that first carried it (§4.1 unique per call). */
  private readonly requestIds = new Map<string, number>();
  /** PSU (PSU-ID and PSU-Corporate-ID) → the consent refusal its TPP has not yet acted on (§1). */
  private readonly refusedConsents = new Map<string, ConsentRefusal>();
  private readonly paymentPolling = new PaymentPolling();
  private readonly scaLinks = new ScaLinks();
  private readonly answers = new AnswerMemory();
  private readonly paymentRefusals = new PaymentRefusals();
  private readonly exemptions = new ScaExemptions();
  private judged = 0;

  constructor(private readonly bank: { mode: string; url?: () => string | undefined }) {}

  observe(observation: Observation): void {
    const { route, record } = observation;
    if (route?.kind === 'page') {
      // A PSU at the SCA pages: the TPP did redirect.
      for (const pending of this.pendingSca.values()) pending.psuVisited = true;
      const verdicts = [...this.scaLinks.judge(record), ...this.paymentRefusals.judgePage(record)];
      for (const verdict of verdicts) this.add(verdict, record, observation);
      return;
    }
    // A method the bank serves not there (POST …/authorisations on a payment) has no route.
    if (!route)
      for (const verdict of this.exemptions.judge(route, record, undefined))
        this.add(verdict, record, observation);
    if (!route || !route.signed) return;
    this.judged++;
    const rejection = observation.rejection;
    const decision: Decision = {
      route,
      headers: record.request.headers,
      bodySize: record.request.bodySize,
      status: record.response.status,
      ...(rejection && observation.refusedAt
        ? {
            rejection: {
              stage: observation.refusedAt,
              rule: rejection.rule,
              text: rejection.text,
            },
          }
        : {}),
    };
    // In this order (the evidence kept is the first of each verdict); one list at a time, since
    // most are empty and this runs on every request.
    for (const verdicts of [
      judgeDecision(decision),
      this.judgePaging(route, record),
      this.judgeScaRedirect(decision, record),
      this.judgeRequestId(record),
      this.judgeConsentRefusal(decision, record),
      this.paymentPolling.judge(route, record, observation.responseBody),
      this.answers.judge(route, observation),
      this.paymentRefusals.judgeRequest(route, record, observation.responseBody),
      this.exemptions.judge(route, record, observation.responseBody),
    ])
      for (const verdict of verdicts) this.add(verdict, record, observation);
    for (const href of linkHrefsOf(observation.responseBody)) this.rememberLink(href);
  }

  /** §4.2.3: an offset other than the first page's, on a request line no link of the bank gave. */
  private judgePaging(route: RouteDefinition, record: ExchangeRecord): Verdict[] {
    if (record.request.method !== 'GET' || !PAGED_PATHS.has(route.path)) return [];
    const key = pageKey(record.request.target);
    const offset = new URL(record.request.target, 'http://bank.invalid').searchParams.get('offset');
    if (key === undefined || offset === null || offset === '0') return [];
    return this.issuedLinks.has(key)
      ? [
          {
            rule: 'TPP-PAGING-NEXT-LINK',
            verdict: 'pass',
            text: 'the page was read through a link the bank gave',
          },
        ]
      : [
          {
            rule: 'TPP-PAGING-NEXT-LINK',
            verdict: 'fail',
            text: `offset=${offset} on a request no next or previous link of the bank gave (${record.request.target}): follow _links.next instead of computing offsets (§4.2.3)`,
          },
        ];
  }

  /** §5.3(1): an SCA refusal again on a session whose scaRedirect no PSU followed. */
  private judgeScaRedirect(decision: Decision, record: ExchangeRecord): Verdict[] {
    const session = decision.headers['tpp-session-id'] ?? '';
    const pending = this.pendingSca.get(session);
    if (isScaRefusal(decision)) {
      this.pendingSca.set(session, { exchangeId: record.id, psuVisited: false });
      return pending === undefined || pending.psuVisited
        ? []
        : [
            {
              rule: 'TPP-SCA-REDIRECT',
              verdict: 'fail',
              text: `called again after the scaRedirect of exchange #${pending.exchangeId} with no PSU at the bank's SCA pages in between: ${decision.rejection!.text}`,
            },
          ];
    }
    if (pending !== undefined && passed(decision, 'session')) {
      this.pendingSca.delete(session);
      return [
        {
          rule: 'TPP-SCA-REDIRECT',
          verdict: 'pass',
          text: `called again after the PSU went through the SCA of exchange #${pending.exchangeId}'s scaRedirect`,
        },
      ];
    }
    return [];
  }

  /**
   * §4.1: X-Request-ID is unique per call. A request without one is the header rules' business
   * (TPP-HEADERS-REQUIRED); one that repeats an id the bank saw before fails, naming the first.
   */
  private judgeRequestId(record: ExchangeRecord): Verdict[] {
    const id = record.request.headers['x-request-id'];
    if (id === undefined || id === '') return [];
    const first = this.requestIds.get(id);
    if (first !== undefined)
      return [
        {
          rule: 'TPP-X-REQUEST-ID-UNIQUE',
          verdict: 'fail',
          text: `X-Request-ID ${id} was already sent with exchange #${first}: every call, a retry included, needs a new one (§4.1)`,
        },
      ];
    this.requestIds.set(id, record.id);
    if (this.requestIds.size > MAX_REQUEST_IDS)
      this.requestIds.delete(this.requestIds.keys().next().value!);
    return [
      { rule: 'TPP-X-REQUEST-ID-UNIQUE', verdict: 'pass', text: `a new X-Request-ID: ${id}` },
    ];
  }

  /**
   * §1, §7: a read refused with CONSENT_INVALID or CONSENT_EXPIRED says the PSU's consent is gone.
   * The same refusal again for the same PSU, on a request sent after the first refusal was
   * answered, fails: the TPP used the consent again instead of asking for a new one. A new
   * consent (POST /v1/consents) passes and clears it. Requests in flight together are not judged.
   */
  private judgeConsentRefusal(decision: Decision, record: ExchangeRecord): Verdict[] {
    const psu = decision.headers['psu-id'];
    if (psu === undefined) return [];
    const key = `${psu} ${decision.headers['psu-corporate-id'] ?? ''}`;
    const pending = this.refusedConsents.get(key);
    if (decision.route.path === '/v1/consents' && decision.route.method === 'POST') {
      if (pending === undefined) return [];
      this.refusedConsents.delete(key);
      return [
        {
          rule: 'TPP-NEW-CONSENT-AFTER-REFUSAL',
          verdict: 'pass',
          text: `a new consent asked for after the ${pending.code} of exchange #${pending.exchangeId}`,
        },
      ];
    }
    const code = consentRefusalCode(decision);
    if (code === undefined) return [];
    const arrived = Date.parse(record.arrivedAt);
    if (pending !== undefined && arrived >= pending.answeredAt)
      return [
        {
          rule: 'TPP-NEW-CONSENT-AFTER-REFUSAL',
          verdict: 'fail',
          text: `read again on a consent the bank refused with ${pending.code} in exchange #${pending.exchangeId}, instead of asking the PSU for a new consent (POST /v1/consents, §1)`,
        },
      ];
    if (pending === undefined)
      this.refusedConsents.set(key, {
        exchangeId: record.id,
        code,
        answeredAt: arrived + record.durationMs,
      });
    return [];
  }

  /**
   * Only a page link is remembered: judgePaging asks only about a request line with an offset
   * (§4.2.3), so the links of other answers (a payment's scaRedirect, self and status) would only
   * push the pages' links out of the MAX_LINKS kept and cost a URL parse each.
   */
  private rememberLink(href: string): void {
    const key = pagingLinkKey(href);
    if (key === undefined) return;
    this.issuedLinks.set(key, true);
  }

  private add(verdict: Verdict, record: ExchangeRecord, observation: Observation): void {
    let tally = this.tallies.get(verdict.rule);
    if (!tally) {
      tally = { passes: 0, failures: 0, failed: [], passed: [] };
      this.tallies.set(verdict.rule, tally);
    }
    const kept = verdict.verdict === 'fail' ? tally.failed : tally.passed;
    if (verdict.verdict === 'fail') tally.failures++;
    else tally.passes++;
    if (kept.length >= FINDINGS_KEPT_PER_VERDICT) return;
    const forensics = verdict.verdict === 'fail' ? observation.rejection?.forensics : undefined;
    kept.push({
      verdict: verdict.verdict,
      exchangeId: record.id,
      at: record.receivedAt,
      request: `${record.request.method} ${record.request.target}`,
      text: verdict.text,
      ...(verdict.verdict === 'fail' && record.rejectedBy ? { rejectedBy: record.rejectedBy } : {}),
      ...(forensics ? { signing: compareSigningStrings(forensics) } : {}),
    });
    this.evidence.set(record.id, {
      id: record.id,
      receivedAt: record.receivedAt,
      request: record.request,
      response: { ...record.response, body: observation.responseBody },
    });
  }

  /** Forgets every finding (e.g. between two test runs against one bank). */
  clear(): void {
    this.tallies.clear();
    this.evidence.clear();
    this.issuedLinks.clear();
    this.pendingSca.clear();
    this.requestIds.clear();
    this.refusedConsents.clear();
    this.paymentPolling.polled.clear();
    this.scaLinks.opened.clear();
    this.answers.clear();
    this.paymentRefusals.clear();
    this.exemptions.exempted.clear();
    this.judged = 0;
  }

  /**
   * What the recorder remembers, as JSON-ready data that shares the recorder's objects: turn it
   * into text (JSON.stringify) before the next observe().
   */
  serialise(): RecorderState {
    return {
      judged: this.judged,
      tallies: [...this.tallies],
      evidence: [...this.evidence.values()],
      issuedLinks: [...this.issuedLinks.keys()],
      pendingSca: [...this.pendingSca],
      requestIds: [...this.requestIds],
      refusedConsents: [...this.refusedConsents],
      polledPayments: [...this.paymentPolling.polled],
      scaLinks: [...this.scaLinks.opened],
      answers: this.answers.serialise(),
      paymentRefusals: this.paymentRefusals.serialise(),
      exempted: [...this.exemptions.exempted],
    };
  }

  /** Takes up what serialise() gave, in place of what it remembered. */
  restore(state: RecorderState): void {
    this.clear();
    this.judged = state.judged;
    for (const [rule, tally] of state.tallies) this.tallies.set(rule, tally);
    for (const exchange of state.evidence) this.evidence.set(exchange.id, exchange);
    for (const link of state.issuedLinks) this.issuedLinks.set(link, true);
    for (const [session, pending] of state.pendingSca) this.pendingSca.set(session, pending);
    for (const [id, exchangeId] of state.requestIds ?? []) this.requestIds.set(id, exchangeId);
    for (const [psu, refusal] of state.refusedConsents ?? [])
      this.refusedConsents.set(psu, refusal);
    for (const [path, polled] of state.polledPayments ?? [])
      this.paymentPolling.polled.set(path, polled);
    for (const [link, exchangeId] of state.scaLinks ?? [])
      this.scaLinks.opened.set(link, exchangeId);
    this.answers.restore(state.answers);
    this.paymentRefusals.restore(state.paymentRefusals);
    for (const [path, payment] of state.exempted ?? []) this.exemptions.exempted.set(path, payment);
  }

  report(now = new Date()): TppReport {
    // A rule no request shows (judgedBy 'plan') is a plan module's, never this report's.
    const ofRequests = TPP_RULES.filter((rule) => (rule as TppRule).judgedBy !== 'plan');
    const rules: TppRuleReport[] = ofRequests.map(({ id }) => {
      const rule = tppRule(id)!;
      const tally = this.tallies.get(id);
      const status = !tally ? 'NOT_EXERCISED' : tally.failures > 0 ? 'FAIL' : 'PASS';
      return {
        id,
        section: rule.section,
        title: rule.title,
        statement: rule.statement,
        catalogue: rule.catalogue,
        status,
        passes: tally?.passes ?? 0,
        failures: tally?.failures ?? 0,
        findings: [...(tally?.failed ?? []), ...(tally?.passed ?? [])],
      };
    });
    const count = (status: TppRuleReport['status']) =>
      rules.filter((rule) => rule.status === status).length;
    const url = this.bank.url?.();
    return {
      format: TPP_REPORT_FORMAT,
      formatVersion: TPP_REPORT_FORMAT_VERSION,
      generatedAt: now.toISOString(),
      bank: { mode: this.bank.mode, ...(url ? { url } : {}) },
      requestsJudged: this.judged,
      counts: {
        total: rules.length,
        PASS: count('PASS'),
        FAIL: count('FAIL'),
        NOT_EXERCISED: count('NOT_EXERCISED'),
      },
      rules,
      exchanges: [...this.evidence.values()].sort((a, b) => a.id - b.id),
    };
  }
}

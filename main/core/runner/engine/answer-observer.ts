/**
 * The run's every-answer observer: each answer any check gets is judged against the rules that
 * hold for every answer (answer-rules.ts), and each rule broken at least once becomes one FAIL of
 * that rule in the run, with the first offending exchange as its evidence. A rule no answer broke
 * adds nothing: an observation that saw no fault proves too little to PASS (a bank that answers
 * nothing useful would otherwise pass it). A rule about some answers only (`concerns`, such as a
 * 500 for ERR-STATUS-500) PASSes when the run got such answers and none broke it; a run that got
 * none has not judged it and adds nothing (a bank that never fails earns no PASS on it).
 */
import type { EvidenceExchange } from '../../../shared/exchange.js';
import type { CheckId, RuleId } from '../../../shared/rule-ids.js';
import type { CheckResult } from '../../../shared/run-result.js';
import type { ScaRedirect } from '../check-api/index.js';
import {
  ANSWER_RULES,
  REDIRECT_SESSION_RULE,
  scaRedirectHrefs,
  type AnswerRule,
  type ObservedRule,
} from './answer-rules.js';

/** The area of the observer's results, apart from every suite's. */
export const EVERY_ANSWER_AREA = 'every-answer';

/** The id of the result that carries a rule's violations (`EVERY-ANSWER-<rule>`). */
export const everyAnswerCheckId = (ruleId: RuleId): CheckId => `EVERY-ANSWER-${ruleId}`;

interface Violation {
  rule: ObservedRule;
  first: { checkId: CheckId; exchange: EvidenceExchange; what: string; at: string };
  count: number;
  checkIds: Set<CheckId>;
}

/** The answers a rule with `concerns` was judged on: the first, how many, in which checks. */
interface Concerned {
  first: { exchange: EvidenceExchange; at: string };
  count: number;
  checkIds: Set<CheckId>;
}

export class AnswerObserver {
  private readonly violations = new Map<string, Violation>();
  private readonly concerned = new Map<string, Concerned>();
  /** The answer that gave each scaRedirect, by its href (as given and absolute). */
  private readonly started = new Map<string, EvidenceExchange>();

  constructor(private readonly rules: readonly AnswerRule[] = ANSWER_RULES) {}

  /** Judges one answer `checkId` got; an exchange without an answer shows nothing. */
  observe(checkId: CheckId, exchange: EvidenceExchange, at: string): void {
    if (!exchange.response) return;
    for (const href of scaRedirectHrefs(exchange)) this.started.set(href, exchange);
    for (const rule of this.rules) {
      if (rule.concerns && !rule.concerns(exchange)) continue;
      if (rule.concerns) this.concern(rule, checkId, exchange, at);
      const what = rule.judge(exchange);
      if (what !== undefined) this.record(rule, { checkId, exchange, what, at });
    }
  }

  /**
   * Judges the redirect back after an SCA `checkId` had the PSU complete at `scaRedirectUrl`,
   * against the answer that gave that URL (one the run did not see is not judged).
   */
  observeRedirect(checkId: CheckId, scaRedirectUrl: string, redirect: ScaRedirect, at: string) {
    const exchange = this.started.get(scaRedirectUrl);
    if (!exchange) return;
    const what = REDIRECT_SESSION_RULE.judge(exchange, redirect);
    if (what !== undefined) this.record(REDIRECT_SESSION_RULE, { checkId, exchange, what, at });
  }

  private concern(rule: AnswerRule, checkId: CheckId, exchange: EvidenceExchange, at: string) {
    const known = this.concerned.get(rule.ruleId);
    if (known) {
      known.count++;
      known.checkIds.add(checkId);
    } else
      this.concerned.set(rule.ruleId, {
        first: { exchange, at },
        count: 1,
        checkIds: new Set([checkId]),
      });
  }

  private record(rule: ObservedRule, first: Violation['first']): void {
    const known = this.violations.get(rule.ruleId);
    if (known) {
      known.count++;
      known.checkIds.add(first.checkId);
    } else
      this.violations.set(rule.ruleId, {
        rule,
        first,
        count: 1,
        checkIds: new Set([first.checkId]),
      });
  }

  /**
   * One FAIL per rule an answer or a redirect broke, and one PASS per rule about some answers
   * that the run got and none broke, in the order of the rules.
   */
  results(): CheckResult[] {
    return [...this.rules, REDIRECT_SESSION_RULE].flatMap((rule: ObservedRule) => {
      const violation = this.violations.get(rule.ruleId);
      if (violation) return [failureOf(violation)];
      const concerned = this.concerned.get(rule.ruleId);
      return concerned ? [passOf(rule, concerned)] : [];
    });
  }
}

/** What a result of the every-answer observer carries whatever its verdict. */
function observedResult(
  rule: ObservedRule,
  first: { at: string; exchange: EvidenceExchange },
  checkIds: ReadonlySet<CheckId> | readonly CheckId[],
  note: string,
): Omit<CheckResult, 'status'> {
  return {
    checkId: everyAnswerCheckId(rule.ruleId),
    title: `Every answer of the run: ${rule.title}`,
    area: EVERY_ANSWER_AREA,
    rules: [rule.ruleId],
    tags: [],
    startedAt: first.at,
    durationMs: 0,
    warnings: [],
    evidence: [
      { kind: 'exchange', at: first.at, exchange: first.exchange },
      { kind: 'note', at: first.at, text: `${note}, in ${[...checkIds].join(', ')}` },
    ],
  };
}

function passOf(rule: ObservedRule, { first, count, checkIds }: Concerned): CheckResult {
  const note = `${count} answer${count === 1 ? '' : 's'} of the kind the rule speaks of met it`;
  return { ...observedResult(rule, first, checkIds, note), status: 'PASS' };
}

function failureOf({ rule, first, count, checkIds }: Violation): CheckResult {
  const request = `${first.exchange.request.method} ${first.exchange.request.url}`;
  const others = count > 1 ? ` (and ${count - 1} more answers)` : '';
  const note = `${count} answer${count === 1 ? '' : 's'} broke it`;
  return {
    ...observedResult(rule, first, checkIds, note),
    status: 'FAIL',
    failure: {
      message: `the answer to ${request} (in ${first.checkId}): ${first.what}${others}`,
      exchangeId: first.exchange.id,
    },
    observedIn: [...checkIds],
  };
}

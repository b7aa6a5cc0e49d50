/**
 * The run's every-answer observer: each answer any check gets is judged against the rules that
 * hold for every answer (answer-rules.ts), and each rule broken at least once becomes one FAIL of
 * that rule in the run, with the first offending exchange as its evidence. A rule no answer broke
 * adds nothing: an observation that saw no fault proves too little to PASS (a bank that answers
 * nothing useful would otherwise pass it).
 */
import type { EvidenceExchange } from '../../../shared/exchange.js';
import type { CheckId } from '../../../shared/rule-ids.js';
import type { CheckResult } from '../../../shared/run-result.js';
import { ANSWER_RULES, type AnswerRule } from './answer-rules.js';

/** The area of the observer's results, apart from every suite's. */
export const EVERY_ANSWER_AREA = 'every-answer';

/** The id of the result that carries a rule's violations (`EVERY-ANSWER-<rule>`). */
export const everyAnswerCheckId = (ruleId: string): CheckId => `EVERY-ANSWER-${ruleId}`;

interface Violation {
  rule: AnswerRule;
  first: { checkId: CheckId; exchange: EvidenceExchange; what: string; at: string };
  count: number;
  checkIds: Set<CheckId>;
}

export class AnswerObserver {
  private readonly violations = new Map<string, Violation>();

  constructor(private readonly rules: readonly AnswerRule[] = ANSWER_RULES) {}

  /** Judges one answer `checkId` got; an exchange without an answer shows nothing. */
  observe(checkId: CheckId, exchange: EvidenceExchange, at: string): void {
    if (!exchange.response) return;
    for (const rule of this.rules) {
      const what = rule.judge(exchange);
      if (what === undefined) continue;
      const known = this.violations.get(rule.ruleId);
      if (known) {
        known.count++;
        known.checkIds.add(checkId);
      } else
        this.violations.set(rule.ruleId, {
          rule,
          first: { checkId, exchange, what, at },
          count: 1,
          checkIds: new Set([checkId]),
        });
    }
  }

  /** One FAIL per rule an answer broke, in the order of the rules. */
  results(): CheckResult[] {
    return this.rules.flatMap((rule) => {
      const violation = this.violations.get(rule.ruleId);
      return violation ? [failureOf(violation)] : [];
    });
  }
}

function failureOf({ rule, first, count, checkIds }: Violation): CheckResult {
  const request = `${first.exchange.request.method} ${first.exchange.request.url}`;
  const others = count > 1 ? ` (and ${count - 1} more answers)` : '';
  return {
    checkId: everyAnswerCheckId(rule.ruleId),
    title: `Every answer of the run: ${rule.title}`,
    area: EVERY_ANSWER_AREA,
    rules: [rule.ruleId],
    tags: [],
    status: 'FAIL',
    startedAt: first.at,
    durationMs: 0,
    failure: {
      message: `the answer to ${request} (in ${first.checkId}): ${first.what}${others}`,
      exchangeId: first.exchange.id,
    },
    warnings: [],
    evidence: [
      { kind: 'exchange', at: first.at, exchange: first.exchange },
      {
        kind: 'note',
        at: first.at,
        text: `${count} answer${count === 1 ? '' : 's'} broke it, in ${[...checkIds].join(', ')}`,
      },
    ],
  };
}

/** The shape of a rule the run's every-answer observer judges (answer-rules.ts lists them). */
import type { EvidenceExchange } from '../../../shared/exchange.js';
import type { RuleId } from '../../../shared/rule-ids.js';

/** A rule the run judges on everything it gets of its kind. */
export interface ObservedRule {
  ruleId: RuleId;
  /** What every answer (or redirect) does, with its section. */
  title: string;
}

export interface AnswerRule extends ObservedRule {
  /** What the answer does wrong, in one phrase; undefined when it meets the rule. */
  judge(exchange: EvidenceExchange): string | undefined;
  /**
   * Set for a rule about some answers only, which no request can be sure to provoke: whether the
   * answer is one the rule speaks of. A run that got none has not judged the rule; one that got
   * some and saw none break it PASSes it. Without it, a rule no answer broke adds nothing.
   */
  concerns?(exchange: EvidenceExchange): boolean;
}

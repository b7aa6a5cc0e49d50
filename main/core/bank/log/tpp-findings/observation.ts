/**
 * What the TPP findings observe of one exchange after the pipeline: plain data, read by the
 * recorder and by what it remembers of the answers (answer-memory.ts), so neither imports the other.
 */
import type { SigningForensics } from '../../../signature/index.js';
import type { ExchangeRecord } from '../request-log.js';
import type { RouteDefinition, StageName } from '../../context/request-context.js';
import type { ScriptedAnswer } from '../../answers/scripted-answer.js';

/** A refusal as the recorder reads it: plain data, so a shared log can store it (pg-shared-log.ts).
 * */
export interface ObservedRejection {
  /** The bank rule that refused. */
  rule: string;
  /** The first tppMessages text of the refusal (the rule id when it has none). */
  text: string;
  /** Signature stage: the signing-string forensics (§5.2(5)). */
  forensics?: SigningForensics;
}

/** What bank.ts hands over after a request went through the pipeline. */
export interface Observation {
  route?: RouteDefinition;
  /** The stage that refused (with the rejection), or undefined when the handler answered. */
  refusedAt?: StageName;
  rejection?: ObservedRejection;
  record: ExchangeRecord;
  /** The answer's JSON body (the request log keeps it for refusals only). */
  responseBody?: unknown;
  /**
   * `responseBody` as the JSON text it was sent as, when the answer was made with it (a pure
   * read's kept answer, answers/read-answers.ts): a shared log stores it without serialising the
   * body again on every request.
   */
  responseBodyText?: string;
  /** What a TPP test plan's script made of the answer (a spoiled signature, say). */
  scripted?: ScriptedAnswer;
}

/**
 * The §7 rules every error answer meets, whatever was asked: its body, and the HTTP status of each
 * code it carries. Judged by the run's every-answer observer (answer-rules.ts) on all the answers
 * the checks get, so a bank that breaks one is FAILed even when the check of that rule is not run
 * or has regressed. An answer to a deliberately wrong request is judged the same: the rules say
 * how every refusal looks, not which refusal a request earns.
 */
import { ERROR_STATUS, TRANSPORT_STATUS, type ErrorCode } from '../../spec/errors.js';
import { ErrorResponseSchema } from '../../spec/schemas/shared.js';
import { problemText, SpecValidator } from '../../spec/validation.js';
import type { EvidenceExchange } from '../../../shared/exchange.js';
import type { AnswerRule } from './answer-rule.js';

/**
 * decisions.md "Errors": SYSTEM_ERROR with 503 is the bank unable to serve for now (RFC 9110
 * §15.6.4, with Retry-After saying when to send again), as it answers a change it could not save;
 * §7.2 has no other code for that, so it is no wrong mapping.
 */
const SERVICE_UNAVAILABLE = 503;

const errorBodies = new SpecValidator();
const SHAPE = '{ "tppMessages": [ { "category", "code", "text" } ] }';

/** The §7 codes of a `tppMessages` body (an entry without a string code gives none). */
function tppMessageCodes(json: unknown): string[] {
  const messages = (json as { tppMessages?: unknown } | null)?.tppMessages;
  if (!Array.isArray(messages)) return [];
  return messages.flatMap((message: unknown) => {
    const code = (message as { code?: unknown } | null)?.code;
    return typeof code === 'string' ? [code] : [];
  });
}

/** Whether the answer reports SYSTEM_ERROR: a §7.2 code only a failing bank answers. */
const carriesSystemError = (exchange: EvidenceExchange) =>
  tppMessageCodes(exchange.response?.json).includes('SYSTEM_ERROR');

/**
 * decisions.md "Errors": SYSTEM_ERROR → 500, and §7.2 has no other code for a bank-side failure,
 * so a 500 carries SYSTEM_ERROR in the §7 error body (every error body is `{ "tppMessages": [...] }`).
 * No request provokes either of a conformant bank: judged on whatever answer of the run was 500 or
 * SYSTEM_ERROR, and not judged by a run that got none.
 */
export const SYSTEM_ERROR_STATUS_RULE: AnswerRule = {
  ruleId: 'ERR-STATUS-500',
  title:
    'every 500 answer carries SYSTEM_ERROR in the §7 error body, and SYSTEM_ERROR comes with 500 (503 for now) (decisions.md Errors)',
  concerns: (exchange) =>
    exchange.response?.status === ERROR_STATUS.SYSTEM_ERROR || carriesSystemError(exchange),
  judge(exchange) {
    const status = exchange.response?.status;
    const json = exchange.response?.json;
    if (status === ERROR_STATUS.SYSTEM_ERROR) {
      const codes = tppMessageCodes(json);
      if (codes.length === 0) return `the 500 answer's body is not the §7 error body ${SHAPE}`;
      if (!codes.includes('SYSTEM_ERROR'))
        return `the 500 answer carries ${codes.join(', ')}, not SYSTEM_ERROR`;
      const shape = errorBodies.check(ErrorResponseSchema, json);
      return shape.ok
        ? undefined
        : `the 500 answer's body is not the §7 error body ${SHAPE}: ${shape.problems.map(problemText).join('; ')}`;
    }
    if (!carriesSystemError(exchange) || status === SERVICE_UNAVAILABLE) return undefined;
    return `SYSTEM_ERROR is answered with ${status}, not 500`;
  },
};

/** The codes of the answer's ERROR entries (§7.1): a WARNING says nothing of the status. */
function errorCodes(json: unknown): ErrorCode[] {
  const messages = (json as { tppMessages?: unknown } | null)?.tppMessages;
  if (!Array.isArray(messages)) return [];
  return messages.flatMap((message: unknown) => {
    const { category, code } = (message ?? {}) as { category?: unknown; code?: unknown };
    return category === 'ERROR' && typeof code === 'string' && code in ERROR_STATUS
      ? [code as ErrorCode]
      : [];
  });
}

/**
 * The statuses an answer carrying `codes` may have: each code's own (§7.3, decisions.md
 * "Errors"), 405 and 413 for BAD_REQUEST (the transport conditions of TRANSPORT_STATUS, which
 * §7.2 gives no code of their own), 503 for SYSTEM_ERROR (SYSTEM_ERROR_STATUS_RULE).
 */
function statusesFor(codes: readonly ErrorCode[]): Set<number> {
  const statuses = new Set(codes.map((code) => ERROR_STATUS[code]));
  if (codes.includes('BAD_REQUEST'))
    for (const status of Object.values(TRANSPORT_STATUS)) statuses.add(status);
  if (codes.includes('SYSTEM_ERROR')) statuses.add(SERVICE_UNAVAILABLE);
  return statuses;
}

/**
 * decisions.md "Errors", the code-to-status table: an answer carrying a code of `status` as an
 * ERROR has that status, unless another ERROR code of the same answer accounts for its status.
 * Adds only FAILs: a bank that refuses everything with one well-mapped code meets the rule, but a
 * run proves nothing by seeing it (the rule's own check provokes each code).
 */
function codeStatusRule(status: number): AnswerRule {
  const codes = Object.entries(ERROR_STATUS)
    .filter(([, mapped]) => mapped === status)
    .map(([code]) => code as ErrorCode);
  return {
    ruleId: `ERR-STATUS-${status}`,
    title: `every answer carrying ${codes.join(', ')} is ${status} (§7, decisions.md Errors)`,
    judge(exchange) {
      const answered = exchange.response?.status;
      const carried = errorCodes(exchange.response?.json);
      const own = carried.filter((code) => ERROR_STATUS[code] === status);
      if (answered === undefined || own.length === 0 || statusesFor(carried).has(answered))
        return undefined;
      return `${own.join(', ')} is answered with ${answered}, not ${status}`;
    },
  };
}

/** The statuses of the 4xx rows of the code-to-status table, each a catalogue rule. */
const CLIENT_ERROR_STATUSES = [...new Set(Object.values(ERROR_STATUS))].filter(
  (status) => status >= 400 && status < 500,
);

/**
 * §7.1 and decisions.md "Errors": every error answer (4xx, 5xx), production and sandbox, has the
 * body `{ "tppMessages": [ { "category", "code", "text" } ] }` with a §7.2 code. Adds only FAILs.
 */
export const ERROR_BODY_RULE: AnswerRule = {
  ruleId: 'ERR-BODY-SHAPE',
  title: `every error answer's body is ${SHAPE} with a §7.2 code (§7.1, decisions.md Errors)`,
  judge(exchange) {
    const response = exchange.response;
    if (!response || response.status < 400) return undefined;
    // A body the client refused to parse (too large, too deep) is its own finding, not this rule's.
    if (response.jsonRefused !== undefined) return undefined;
    if (response.json === undefined)
      return `the ${response.status} answer's body is not JSON${response.body ? '' : ' (it is empty)'}, not ${SHAPE}`;
    const shape = errorBodies.check(ErrorResponseSchema, response.json);
    return shape.ok
      ? undefined
      : `the ${response.status} answer's body is not ${SHAPE} with a §7.2 code: ${shape.problems.map(problemText).join('; ')}`;
  },
};

/** The §7 rules of every error answer, in the catalogue's order. */
export const ERROR_ANSWER_RULES: readonly AnswerRule[] = [
  ERROR_BODY_RULE,
  ...CLIENT_ERROR_STATUSES.map(codeStatusRule),
  SYSTEM_ERROR_STATUS_RULE,
];

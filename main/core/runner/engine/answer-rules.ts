/**
 * The rules a bank's answer meets whatever was asked, judged on every answer a run gets (as the
 * bank's TPP report judges every request of the client). Each also has its own check; judging it
 * on every answer means a regression of that one check cannot hide a bank that breaks the rule.
 * A rule here judges only what the answer itself shows: nothing that depends on what the check
 * meant to provoke, so an answer to a deliberately wrong request is judged the same.
 */
import { DATE_TIME } from '../../spec/dates.js';
import { ERROR_STATUS } from '../../spec/errors.js';
import { parseImfFixdate } from '../../spec/headers.js';
import { ErrorResponseSchema } from '../../spec/schemas/shared.js';
import { problemText, SpecValidator } from '../../spec/validation.js';
import type { EvidenceExchange } from '../../../shared/exchange.js';
import type { RuleId } from '../../../shared/rule-ids.js';
import type { ScaRedirect } from '../check-api/index.js';

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

/**
 * A string a reader takes for an ISO 8601 date-time (a date, `T`, a time): the §1 form is then
 * required. Dates (`YYYY-MM-DD`) and free text are not date-times and are left alone.
 */
const LOOKS_LIKE_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** The first payload string that looks like a date-time but is not in the §1 form, with its path. */
function offFormDateTime(value: unknown, path: string): string | undefined {
  if (typeof value === 'string')
    return LOOKS_LIKE_DATE_TIME.test(value) && !DATE_TIME.test(value)
      ? `${path || 'the body'} ${JSON.stringify(value)}`
      : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = offFormDateTime(
      item,
      Array.isArray(value) ? `${path}[${key}]` : path ? `${path}.${key}` : key,
    );
    if (found) return found;
  }
  return undefined;
}

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

export const ANSWER_RULES: readonly AnswerRule[] = [
  {
    ruleId: 'GEN-RESPONSE-DATE-HEADER-RFC-7231',
    title: 'the Date header of every answer is an RFC 7231 IMF-fixdate (§1)',
    judge(exchange) {
      // An answer without Date is not judged here: the rule is about the form of the header.
      const date = exchange.response?.headers['date'];
      return date === undefined || parseImfFixdate(date) !== undefined
        ? undefined
        : `Date ${JSON.stringify(date)} is not an IMF-fixdate such as 'Tue, 24 Nov 2026 18:25:09 GMT'`;
    },
  },
  {
    ruleId: 'GEN-PAYLOAD-DATE-TIME-FORM',
    title: 'every date-time in an answer is YYYY-MM-DDThh:mm:ss+00:00 (§1)',
    judge(exchange) {
      const found = offFormDateTime(exchange.response?.json, '');
      return found && `${found} is not YYYY-MM-DDThh:mm:ss+00:00`;
    },
  },
  {
    ruleId: 'SIGN-RESPONSE-SIGNATURE',
    title: 'every signed answer verifies and is signed by the bank (§5.2.7)',
    judge(exchange) {
      // Only a signature that does not verify, or one by a signer other than the pinned one: an
      // unsigned answer is allowed (the bank may sign) and an unpinned signer is a warning.
      const verdict = exchange.responseSignature;
      return verdict?.status === 'invalid'
        ? `the response signature is invalid: ${verdict.reason}`
        : undefined;
    },
  },
  SYSTEM_ERROR_STATUS_RULE,
];

/** The TPP-Session-ID a request was sent with (header names as the sender spelled them). */
function tppSessionIdOf(exchange: EvidenceExchange): string | undefined {
  const name = Object.keys(exchange.request.headers).find(
    (header) => header.toLowerCase() === 'tpp-session-id',
  );
  return name === undefined ? undefined : exchange.request.headers[name];
}

/**
 * The `_links.scaRedirect` an answer gives, as given and made absolute against the request's URL
 * (a check may open either), so the redirect after SCA can be traced to the request that started
 * it.
 */
export function scaRedirectHrefs(exchange: EvidenceExchange): string[] {
  const json = exchange.response?.json as { _links?: { scaRedirect?: { href?: unknown } } };
  const href = json?._links?.scaRedirect?.href;
  if (typeof href !== 'string') return [];
  try {
    return [href, new URL(href, exchange.request.url).toString()];
  } catch {
    return [href];
  }
}

/**
 * §6.1: the redirect after every successful SCA carries `tpp-session-id`, the TPP-Session-ID of
 * the request that started the SCA. Judged on every SCA a check completes through the PSU agent,
 * against the request whose answer gave the scaRedirect; one started without TPP-Session-ID
 * is not judged.
 */
export const REDIRECT_SESSION_RULE: ObservedRule & {
  judge(started: EvidenceExchange, redirect: ScaRedirect): string | undefined;
} = {
  ruleId: 'SCA-REDIRECT-TPP-SESSION-ID',
  title:
    'the redirect after every successful SCA carries the TPP-Session-ID that started it (§6.1)',
  judge(started: EvidenceExchange, redirect: ScaRedirect): string | undefined {
    const expected = tppSessionIdOf(started);
    if (redirect.outcome !== 'success' || expected === undefined) return undefined;
    const echoed = redirect.params['tpp-session-id'];
    return echoed === expected
      ? undefined
      : `the redirect after SCA ${redirect.url} carries tpp-session-id ${echoed === undefined ? '(missing)' : JSON.stringify(echoed)}, not the TPP-Session-ID ${JSON.stringify(expected)} that started it`;
  },
};

/**
 * The catalogue rules the run judges on every answer (or redirect) it gets: a testable rule here
 * is covered even without a check of its own (the coverage map and `workbench rules` say so).
 */
export const EVERY_ANSWER_RULE_IDS: readonly RuleId[] = [
  ...ANSWER_RULES.map((rule) => rule.ruleId),
  REDIRECT_SESSION_RULE.ruleId,
];

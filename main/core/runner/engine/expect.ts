/**
 * `ctx.expect`: assertions that record what they compared. Every assertion, passed or failed,
 * becomes an evidence item, so a report shows what a PASS actually verified, not only why a FAIL
 * failed (the OBIE/OpenID suites' "what was checked" log).
 */
import { isDeepStrictEqual } from 'node:util';
import type { TSchema } from '@sinclair/typebox';
import { problemText, SpecValidator } from '../../spec/validation.js';
import type { TppMessage } from '../../spec/errors.js';
import {
  AssertionFailure,
  type EvidenceExchange,
  type Expect,
  type JsonSchema,
} from '../check-api/index.js';
import { matchesTppMessage } from '../check-api/tpp-message.js';
import { toJsonValue } from './json-value.js';
import { parseBankJson } from '../../tpp/safe-json.js';
import type { EvidenceItem } from '../../../shared/run-result.js';

type AssertionRecord = Omit<Extract<EvidenceItem, { kind: 'assertion' }>, 'kind' | 'at'>;

export interface AssertionSink {
  assertion(record: AssertionRecord): void;
}

/** `POST /v1/consents` for an exchange, for assertion wording. */
export function describeExchange(exchange: EvidenceExchange): string {
  let path = exchange.request.url;
  try {
    const url = new URL(exchange.request.url);
    path = url.pathname + url.search;
  } catch {
    // Not an absolute URL: show it as it is.
  }
  return `${exchange.request.method} ${path}`;
}

function responseJson(exchange: EvidenceExchange): unknown {
  const response = exchange.response;
  if (!response) return undefined;
  if (response.json !== undefined) return response.json;
  if (response.jsonRefused !== undefined) return undefined;
  // A bank's answer: size and depth are checked before parsing (safe-json.ts).
  const parsed = parseBankJson(response.body);
  return parsed.ok ? parsed.value : undefined;
}

function tppMessagesOf(exchange: EvidenceExchange): unknown[] | undefined {
  const body = responseJson(exchange);
  if (typeof body !== 'object' || body === null) return undefined;
  const messages = (body as { tppMessages?: unknown }).tppMessages;
  return Array.isArray(messages) ? messages : undefined;
}

const BODY_EXCERPT_MAX = 500;

export function createExpect(
  sink: AssertionSink,
  validator: SpecValidator = new SpecValidator(),
): Expect {
  function record(
    passed: boolean,
    what: string,
    expected: unknown,
    actual: unknown,
    exchange?: EvidenceExchange,
    message?: string,
  ): void {
    const item: AssertionRecord = { what, passed };
    const expectedJson = toJsonValue(expected);
    const actualJson = toJsonValue(actual);
    if (expectedJson !== undefined) item.expected = expectedJson;
    if (actualJson !== undefined) item.actual = actualJson;
    if (exchange) item.exchangeId = exchange.id;
    sink.assertion(item);
    if (!passed) {
      throw new AssertionFailure({
        what,
        expected,
        actual,
        ...(exchange ? { exchange } : {}),
        ...(message ? { message } : {}),
      });
    }
  }

  return {
    status(exchange, expected, what) {
      const label = what ?? `HTTP status of ${describeExchange(exchange)}`;
      const allowed = typeof expected === 'number' ? [expected] : [...expected];
      const shown = allowed.length === 1 ? allowed[0] : allowed;
      if (!exchange.response) {
        const actual = `no response: ${exchange.transportError ?? 'unknown transport error'}`;
        record(false, label, shown, actual, exchange);
        return;
      }
      record(
        allowed.includes(exchange.response.status),
        label,
        shown,
        exchange.response.status,
        exchange,
      );
    },

    tppMessage(exchange, expected) {
      const what = `tppMessages of ${describeExchange(exchange)}`;
      const wanted = { category: expected.category ?? 'ERROR', ...expected };
      const messages = tppMessagesOf(exchange);
      if (messages === undefined) {
        const refused = exchange.response?.jsonRefused;
        const body = refused
          ? `${refused}: ${exchange.response!.body}`
          : (exchange.response?.body ?? `no response: ${exchange.transportError ?? ''}`);
        record(
          false,
          what,
          wanted,
          body.length > BODY_EXCERPT_MAX ? body.slice(0, BODY_EXCERPT_MAX) + '…' : body,
          exchange,
          `${what}: expected a tppMessages array with ${[expected.code].flat().join(' or ')}, but the body has none`,
        );
      }
      const match = (messages ?? []).find((entry) => matchesTppMessage(entry, expected));
      record(match !== undefined, what, wanted, messages, exchange);
      return match as TppMessage;
    },

    equal(actual, expected, what) {
      record(isDeepStrictEqual(actual, expected), what, expected, actual);
    },

    true(condition, what) {
      record(Boolean(condition), what, true, condition);
    },

    schema(value, schema: JsonSchema, what) {
      const result = validator.check(schema as TSchema, value);
      if (result.ok) {
        record(true, what, 'valid against the schema', 'valid');
        return;
      }
      const problems = result.problems.map(problemText);
      record(
        false,
        what,
        'valid against the schema',
        problems,
        undefined,
        `${what}: not valid against the schema: ${problems.join('; ')}`,
      );
    },
  };
}

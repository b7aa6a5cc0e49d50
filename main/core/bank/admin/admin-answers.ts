/**
 * The admin API's answers and problems (admin-api.ts): JSON answers, the `{ error }` body of a
 * refusal naming the field, the JSON body reader, and the clock moves of POST /admin/clock.
 */
import { createHash } from 'node:crypto';
import { CLOCK_RANGE, CLOCK_RANGE_TEXT } from '../../clock.js';
import { clockJumpText } from '../console-events.js';
import type { BankRequest, BankResponse } from '../types.js';
import type { AdjustableClock } from './admin-api.js';
import { parseDurationMs } from './duration.js';

/** RFC 3339 date-time with an offset (Z or ±hh:mm), as the spec's date-times. */
const DATE_TIME =
  /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,9})?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$/;

export class AdminProblem extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (field: string | undefined, message: string) =>
  new AdminProblem(400, 'BAD_REQUEST', message, field);

export function answer(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): BankResponse {
  return {
    status,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      ...headers,
    },
    body: JSON.stringify(body),
  };
}

/**
 * `error` as the admin API always answered, and the same as a `tppMessages` entry (§7's form,
 * `path` naming the field), for tools that read the bank's errors that way.
 */
export function problemAnswer(problem: AdminProblem): BankResponse {
  const field = problem.field !== undefined ? { field: problem.field } : {};
  return answer(
    problem.status,
    {
      error: { code: problem.code, message: problem.message, ...field },
      tppMessages: [
        {
          category: 'ERROR',
          code: problem.code,
          ...(problem.field !== undefined ? { path: problem.field } : {}),
          text: problem.message,
        },
      ],
    },
    problem.headers,
  );
}

export const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

export const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The JSON body as an object; `what` names it in messages. */
export function jsonObject(request: BankRequest, maxBodyBytes: number, what: string): unknown {
  if (request.body.length > maxBodyBytes)
    throw new AdminProblem(
      413,
      'PAYLOAD_TOO_LARGE',
      `the body is over ${maxBodyBytes} bytes, the limit of ${request.method} ${request.target.split('?')[0]}`,
    );
  if (request.body.length === 0) throw badRequest(undefined, `the body must be ${what}`);
  let value: unknown;
  try {
    value = JSON.parse(utf8.decode(request.body));
  } catch (error) {
    throw badRequest(undefined, `the body is not JSON in UTF-8: ${(error as Error).message}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw badRequest(undefined, `the body must be ${what}`);
  return value;
}

/** The instant the clock would move to, when it lies in CLOCK_RANGE; 400 naming `field` else. */
export function checkedInstant(ms: number, field: string): Date {
  if (!(ms >= CLOCK_RANGE.earliest && ms <= CLOCK_RANGE.latest)) {
    const target = Number.isFinite(ms) && Math.abs(ms) <= 8.64e15 ? new Date(ms).toISOString() : ms;
    throw badRequest(
      field,
      `${field} would move the bank clock to ${target}, outside its range ${CLOCK_RANGE_TEXT}; nothing was changed`,
    );
  }
  return new Date(ms);
}

/**
 * Moves the clock as the body says; throws before moving anything when the body is wrong. Returns
 * the move in words, for the bank's console events.
 */
export function moveClock(clock: AdjustableClock, body: Record<string, unknown>): string {
  const given = Object.keys(body);
  for (const name of given)
    if (!['advance', 'advanceMs', 'set'].includes(name))
      throw badRequest(name, `unknown field '${name}': give one of advance, advanceMs or set`);
  if (given.length !== 1)
    throw badRequest(
      given.length === 0 ? undefined : given.join(','),
      'give exactly one of advance (ISO 8601 duration), advanceMs (milliseconds) or set (date-time)',
    );
  const now = clock.now().getTime();
  if ('advance' in body) {
    if (typeof body.advance !== 'string')
      throw badRequest('advance', 'advance must be a string, an ISO 8601 duration such as PT61M');
    const ms = parseDurationMs(body.advance);
    if (ms instanceof Error) throw badRequest('advance', ms.message);
    checkedInstant(now + ms, 'advance');
    clock.advance(ms);
    return `advanced ${clockJumpText(ms)}`;
  } else if ('advanceMs' in body) {
    const ms = body.advanceMs;
    if (typeof ms !== 'number' || !Number.isSafeInteger(ms))
      throw badRequest('advanceMs', 'advanceMs must be a whole number of milliseconds');
    checkedInstant(now + ms, 'advanceMs');
    clock.advance(ms);
    return `advanced ${clockJumpText(ms)}`;
  } else {
    const text = body.set;
    if (typeof text !== 'string' || !DATE_TIME.test(text))
      throw badRequest(
        'set',
        'set must be an ISO 8601 date-time with an offset, e.g. 2026-01-01T10:00:00+00:00',
      );
    // Date parsing rolls 2026-02-30 over to March: check the day exists in its month.
    const [year, month, day] = text.slice(0, 10).split('-').map(Number) as [number, number, number];
    const instant = new Date(text);
    if (
      Number.isNaN(instant.getTime()) ||
      new Date(Date.UTC(year, month - 1, day)).getUTCDate() !== day
    )
      throw badRequest('set', `'${text}' is not a real date`);
    clock.set(checkedInstant(instant.getTime(), 'set'));
    return `set to ${instant.toISOString()}`;
  }
}

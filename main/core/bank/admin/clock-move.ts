/**
 * Moving a running bank's virtual clock from the admin API (`POST /admin/clock`, docs/ci.md "Admin
 * API"): by an ISO 8601 duration, by milliseconds, or to a date-time, never outside CLOCK_RANGE.
 * A wrong body is refused before the clock moves.
 */
import { CLOCK_RANGE, CLOCK_RANGE_TEXT, type ClockState } from '../../clock.js';
import { clockJumpText } from '../log/console-events.js';
import { badRequest } from './answers.js';
import { parseDurationMs } from './duration.js';

/** The clock operations the admin API needs (VirtualClock has them). */
export interface AdjustableClock {
  now(): Date;
  set(instant: Date): void;
  advance(ms: number): void;
  state(): ClockState;
}

/** RFC 3339 date-time with an offset (Z or ±hh:mm), as the spec's date-times. */
const DATE_TIME =
  /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,9})?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$/;

/** The instant the clock would move to, when it lies in CLOCK_RANGE; 400 naming `field` else. */
function checkedInstant(ms: number, field: string): Date {
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

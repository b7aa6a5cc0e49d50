/**
 * When the sandbox batch runs (§1, §8: five runs a day; release 1.16.0), on the bank clock: the
 * batch times of `BankBehaviour.batchTimes` ("HH:MM", UTC) as minutes, the next run after an
 * instant and the last one before it. The catch-up before every request (batch.ts) reads them, so
 * what is parsed is parsed once per value, not per request.
 */
import type { DomainEntities } from './model.js';
import { profileActive } from '../faults/index.js';
import { DAY_MS } from '../../../shared/calendar.js';

/** The batch setting the times of the runs come from, and the due queue's basis for it. */
interface BatchSetting {
  /** `behaviour.batchTimes` as it was when computed, to see that it is the same. */
  readonly times: readonly string[];
  readonly firstOnly: boolean;
  readonly notPeriodic: boolean;
  /** Minutes after midnight of each valid batch time, sorted (fault: only the first). */
  readonly minutes: readonly number[];
  /** What the exact times of the due queue depend on besides the payment and the last run. */
  readonly basis: string;
}

let lastSetting: BatchSetting | undefined;

/**
 * The batch setting of `state`, computed again only when the batch times or the fault changed:
 * every request's catch-up reads it, and parsing the times each time allocated for nothing.
 */
export function batchSetting(state: DomainEntities): BatchSetting {
  const times = state.behaviour.batchTimes;
  const firstOnly = profileActive(state, 'SANDBOX-BATCH-5-PER-DAY');
  const notPeriodic = profileActive(state, 'SANDBOX-BATCH-NOT-PERIODIC');
  const kept = lastSetting;
  if (
    kept &&
    kept.firstOnly === firstOnly &&
    kept.notPeriodic === notPeriodic &&
    kept.times.length === times.length
  ) {
    let same = true;
    for (let i = 0; i < times.length && same; i++) same = kept.times[i] === times[i];
    if (same) return kept;
  }
  const minutes = [
    ...new Set(
      times
        .map((time) => /^(\d{2}):(\d{2})$/.exec(time))
        .filter((match): match is RegExpExecArray => match !== null)
        .map((match) => Number(match[1]) * 60 + Number(match[2]))
        .filter((minute) => minute < 24 * 60),
    ),
  ].sort((a, b) => a - b);
  const used = firstOnly ? minutes.slice(0, 1) : minutes;
  const basis = JSON.stringify([used, notPeriodic]);
  return (lastSetting = { times: [...times], firstOnly, notPeriodic, minutes: used, basis });
}

const batchMinutes = (state: DomainEntities) => batchSetting(state).minutes;

/** The first batch run strictly after `after` and not before `notBefore`, or undefined (no runs). */
export function nextBatchRun(
  state: DomainEntities,
  after: Date,
  notBefore: Date = after,
): Date | undefined {
  const minutes = batchMinutes(state);
  if (minutes.length === 0) return undefined;
  const from = Math.max(after.getTime() + 1, notBefore.getTime());
  const midnight = Math.floor(from / DAY_MS) * DAY_MS;
  for (let day = 0; day < 3; day++)
    for (const minute of minutes) {
      const at = midnight + day * DAY_MS + minute * 60_000;
      if (at >= from) return new Date(at);
    }
  return undefined;
}

/**
 * The last batch run at or before `nowMs` and after `lastRunMs`, or `lastRunMs` when none came:
 * computed from the day of `nowMs`, however far the clock jumped (a loop over every run of two
 * centuries would take seconds).
 */
export function lastBatchRunSince(
  minutes: readonly number[],
  lastRunMs: number,
  nowMs: number,
): number {
  const today = Math.floor(nowMs / DAY_MS) * DAY_MS;
  for (let day = today; day >= today - DAY_MS; day -= DAY_MS)
    for (let i = minutes.length - 1; i >= 0; i--) {
      const at = day + minutes[i]! * 60_000;
      if (at <= nowMs) return at > lastRunMs ? at : lastRunMs;
    }
  return lastRunMs;
}

/** The last parsed `lastBatchRunAt`: it changes only when a run passed, not per request. */
const parsedLastRun = { text: '', ms: NaN };

export function lastRunMsOf(text: string): number {
  if (text !== parsedLastRun.text) {
    parsedLastRun.ms = Date.parse(text);
    parsedLastRun.text = text;
  }
  return parsedLastRun.ms;
}

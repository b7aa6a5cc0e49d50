/**
 * The bank clock as the views show it: main sends its reading when it changes; between changes a
 * running clock advances with real time, so the view derives "now" from the last reading instead of
 * asking main every second. Pure.
 */
import type { BankSessionView, ClockView } from '../../../main/api/contract';
import { SCA_SESSION_VALIDITY_MS } from '../../../main/core/spec/limits';
import { DAY_MS } from '../../../main/shared/calendar';

export interface ClockReading {
  view: ClockView;
  /** Real time (ms) when the reading arrived. */
  receivedAt: number;
}

export function bankNow(reading: ClockReading, realNow: number): Date {
  const at = new Date(reading.view.now).getTime();
  return new Date(reading.view.frozen ? at : at + (realNow - reading.receivedAt));
}

/** What the status bar says of a TPP session's SCA, from the bank's reading (§3.4). */
export type ScaIndicator =
  | { state: 'none' }
  | {
      state: 'valid';
      leftMs: number;
      /** The SCA is dated after the bank clock (the clock was set back since): capped at 1 h. */
      clockBeforeSca: boolean;
    }
  | { state: 'expired'; agoMs: number }
  | { state: 'replaced'; by?: string };

/**
 * How far the views' bank time may trail the bank's own. They derive it once a second (useNow)
 * from the last reading, and a reading is taken by the bank before it reaches the view: on a busy
 * machine it arrives seconds later, and the view's time trails by that much (an SCA completed
 * meanwhile looked "after the clock", 2 s being too little under load). A clock set back (the
 * "−1 h" jump, §3.4) is far more than this.
 */
const READING_LAG_MS = 10_000;

/**
 * The bank's session state at `bankTime`. 'replaced' and 'none' are the bank's word; valid and
 * expired follow the bank's own rule (valid until `scaValidUntil`) as the bank clock runs, so the
 * bar turns to expired at the second the bank would refuse. Time left never exceeds the SCA hour.
 */
export function scaIndicator(
  view: Pick<BankSessionView, 'state' | 'scaCompletedAt' | 'scaValidUntil' | 'replacedBy'>,
  bankTime: Date,
): ScaIndicator {
  if (view.state === 'replaced')
    return { state: 'replaced', ...(view.replacedBy ? { by: view.replacedBy } : {}) };
  if (view.state === 'none' || !view.scaValidUntil) return { state: 'none' };
  const left = new Date(view.scaValidUntil).getTime() - bankTime.getTime();
  if (left <= 0) return { state: 'expired', agoMs: Math.abs(left) };
  const completed = view.scaCompletedAt ? new Date(view.scaCompletedAt).getTime() : undefined;
  return {
    state: 'valid',
    leftMs: Math.min(left, SCA_SESSION_VALIDITY_MS),
    clockBeforeSca: completed !== undefined && completed > bankTime.getTime() + READING_LAG_MS,
  };
}

/**
 * The clock's quick jumps: back an hour (a clock set back before an SCA, §3.4), the SCA hour, a
 * day, and the 90/180-day consent rules plus one (§5.3.7). `id` names the button.
 */
export const CLOCK_JUMPS = [
  { id: 'back1h', label: '−1 h', ms: -60 * 60 * 1000 },
  { id: '1h', label: '+1 h', ms: 60 * 60 * 1000 },
  { id: '1day', label: '+1 day', ms: DAY_MS },
  { id: '91days', label: '+91 days', ms: 91 * DAY_MS },
  { id: '181days', label: '+181 days', ms: 181 * DAY_MS },
] as const;

/**
 * The bank clock as the views show it: main sends its reading when it changes; between changes a
 * running clock advances with real time, so the view derives "now" from the last reading instead of
 * asking main every second. Pure.
 */
import type { ClockView } from '../../../main/api/contract';

export interface ClockReading {
  view: ClockView;
  /** Real time (ms) when the reading arrived. */
  receivedAt: number;
}

export function bankNow(reading: ClockReading, realNow: number): Date {
  const at = new Date(reading.view.now).getTime();
  return new Date(reading.view.frozen ? at : at + (realNow - reading.receivedAt));
}

/** §3.4 / §8: an SCA lasts one hour within its TPP session, on the bank clock. */
export const SCA_VALIDITY_MS = 60 * 60 * 1000;

export type ScaValidity =
  { state: 'none' } | { state: 'valid'; leftMs: number } | { state: 'expired'; agoMs: number };

export function scaValidity(scaCompletedAt: string | undefined, bankTime: Date): ScaValidity {
  if (!scaCompletedAt) return { state: 'none' };
  const end = new Date(scaCompletedAt).getTime() + SCA_VALIDITY_MS;
  const left = end - bankTime.getTime();
  return left > 0 ? { state: 'valid', leftMs: left } : { state: 'expired', agoMs: Math.abs(left) };
}

export const DAY_MS = 24 * 60 * 60 * 1000;

/** The clock's quick jumps: the SCA hour, a day, and the 90/180-day consent rules plus one (§5.3.7). */
export const CLOCK_JUMPS = [
  { label: '+1 h', ms: 60 * 60 * 1000 },
  { label: '+1 day', ms: DAY_MS },
  { label: '+91 days', ms: 91 * DAY_MS },
  { label: '+181 days', ms: 181 * DAY_MS },
] as const;

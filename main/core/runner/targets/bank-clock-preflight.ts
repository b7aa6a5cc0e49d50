/**
 * The run's pre-flight of the bank clock: a workbench bank whose clock was left far
 * from real time (by an older workbench, a person at the console, a run killed mid-move) expires
 * the next run's consents at once, and in production refuses the TPP's certificates by its own
 * clock (§5.1, §5.2.2). Before a run against a profile with an admin API (docs/ci.md "Admin API")
 * the clock is read; more than a minute off real time is said before anything runs, with how to
 * set it back (`workbench run --reset-clock`, the Runner's button), which POSTs the real time.
 */
import { createTransport } from '../../tpp/transport.js';
import { adminClock } from './external-target.js';
import { transportOfProfile, type LoadedTargetProfile } from '../target-profile/index.js';

/** How far the bank clock may be from real time before the run says so (as the doctor). */
export const BANK_CLOCK_PREFLIGHT_MS = 60_000;

export type BankClockReading =
  /** The profile names no admin API: the run cannot read the clock. */
  | { kind: 'none' }
  | { kind: 'read'; url: string; bankNow: string; offsetMs: number; farOff: boolean }
  | { kind: 'unreadable'; url: string; error: string };

/** "3 d 2 h ahead of real time", as the doctor says it. */
export function clockOffsetText(ms: number): string {
  const minutes = Math.round(Math.abs(ms) / 60_000);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const text =
    days > 0
      ? `${days} d ${hours} h`
      : hours > 0
        ? `${hours} h ${minutes % 60} min`
        : `${minutes} min`;
  return `${text} ${ms >= 0 ? 'ahead of' : 'behind'} real time`;
}

const clockUrl = (admin: { url: string }) => `${admin.url.replace(/\/+$/, '')}/clock`;

/** One call to the admin clock over the profile's transport (mTLS included). */
async function withAdminClock<T>(
  loaded: LoadedTargetProfile,
  use: (clock: ReturnType<typeof adminClock>) => Promise<T>,
): Promise<T> {
  const admin = loaded.profile.admin!;
  const transport = createTransport(transportOfProfile(loaded));
  try {
    return await use(adminClock(admin, transport, AbortSignal.timeout(10_000)));
  } finally {
    await transport.close();
  }
}

function readingOf(url: string, bankNow: Date, realNow: Date): BankClockReading {
  const offsetMs = bankNow.getTime() - realNow.getTime();
  return {
    kind: 'read',
    url,
    bankNow: bankNow.toISOString(),
    offsetMs,
    farOff: Math.abs(offsetMs) > BANK_CLOCK_PREFLIGHT_MS,
  };
}

/** Reads the bank clock through the profile's admin API and compares it with real time. */
export async function readBankClock(
  loaded: LoadedTargetProfile,
  now: () => Date = () => new Date(),
): Promise<BankClockReading> {
  const admin = loaded.profile.admin;
  if (!admin) return { kind: 'none' };
  try {
    const bankNow = await withAdminClock(loaded, (clock) => clock.now());
    return readingOf(clockUrl(admin), bankNow, now());
  } catch (error) {
    return { kind: 'unreadable', url: clockUrl(admin), error: (error as Error).message };
  }
}

/** Sets the bank clock to real time (POST {admin}/clock {"set"}); answers the new reading. */
export async function resetBankClock(
  loaded: LoadedTargetProfile,
  now: () => Date = () => new Date(),
): Promise<BankClockReading> {
  const admin = loaded.profile.admin;
  if (!admin) return { kind: 'none' };
  const bankNow = await withAdminClock(loaded, (clock) => clock.set(now()));
  return readingOf(clockUrl(admin), bankNow, now());
}

/** The line a run shows before it starts when the bank clock is far off; undefined when not. */
export function bankClockWarning(reading: BankClockReading): string | undefined {
  if (reading.kind !== 'read' || !reading.farOff) return undefined;
  return `the bank clock is ${clockOffsetText(reading.offsetMs)} (${reading.bankNow}, GET ${reading.url}): consents may expire at once and a production bank judges certificates by it. Set it back with --reset-clock (or the Runner's "Reset the bank clock").`;
}

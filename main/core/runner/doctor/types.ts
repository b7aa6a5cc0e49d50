/**
 * The doctor's vocabulary: one line per pre-flight check, and the report of one profile. A FAIL
 * always carries a fix the user can act on; a WARN may; PASS and SKIP say what was seen.
 */
import type { LoadedTargetProfile } from '../target-profile/index.js';
import type { DoctorProbes } from './probes.js';
import type { BankMode } from '../../../shared/mode.js';

export type DoctorStatus = 'PASS' | 'FAIL' | 'WARN' | 'SKIP';

export interface DoctorLine {
  /** Stable id of the check, e.g. `key-matches-certificate`. */
  id: string;
  title: string;
  status: DoctorStatus;
  detail: string;
  /** What to change; always present on a FAIL. */
  fix?: string;
}

export interface DoctorSummary {
  pass: number;
  fail: number;
  warn: number;
  skip: number;
}

export interface DoctorReport {
  /** The profile file as given, or the description of a profile built in memory. */
  profile: string;
  baseUrl?: string;
  mode?: BankMode;
  startedAt: string;
  lines: DoctorLine[];
  summary: DoctorSummary;
  /** True when no line is a FAIL. */
  ok: boolean;
}

export interface DoctorOptions {
  /** The local clock for validity dates and clock skew (tests move it); default the real time. */
  now?: () => Date;
  /** Deadline of each network probe; default the profile's requestTimeoutSeconds, else 10 s. */
  timeoutMs?: number;
  /** A certificate expiring within this many days is a WARN (default 30). */
  expiryWarningDays?: number;
}

/** What every check reads: the loaded profile, the options, and the shared network probes. */
export interface DoctorContext {
  loaded: LoadedTargetProfile;
  now: () => Date;
  timeoutMs: number;
  expiryWarningDays: number;
  probes: DoctorProbes;
}

/** One pre-flight check: a small module under checks/. */
export interface DoctorCheck {
  id: string;
  title: string;
  run(context: DoctorContext): Promise<DoctorLine> | DoctorLine;
}

/** A line of `check` with status, detail and (for FAIL/WARN) a fix. */
export function line(
  check: Pick<DoctorCheck, 'id' | 'title'>,
  status: DoctorStatus,
  detail: string,
  fix?: string,
): DoctorLine {
  return { id: check.id, title: check.title, status, detail, ...(fix ? { fix } : {}) };
}

export function summariseDoctor(lines: readonly DoctorLine[]): DoctorSummary {
  const count = (status: DoctorStatus) => lines.filter((l) => l.status === status).length;
  return { pass: count('PASS'), fail: count('FAIL'), warn: count('WARN'), skip: count('SKIP') };
}

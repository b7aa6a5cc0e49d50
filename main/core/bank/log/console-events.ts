/**
 * What was done to a bank that is not a request it answered: the PSU revoking a consent with the
 * bank (§1: the TPP is not told), the bank blocking a card account (§3.3), a batch run (§1), a
 * reset, a clock jump. Kept beside the request log so the request log view and the sequence
 * diagram show these events where they happened, with the bank clock and the real time, whoever
 * made them (the bank console, the status bar, the admin API). A capped ring buffer; a failing
 * subscriber never breaks the bank.
 */
import type { BatchReport } from '../domain/batch.js';
import type { ConsoleActor, ConsoleEventKind } from '../../../shared/bank-events.js';
import type { BankMode } from '../../../shared/mode.js';
import { CappedLog } from './capped-log.js';

export type { ConsoleActor, ConsoleEventKind } from '../../../shared/bank-events.js';

export interface ConsoleEventRecord {
  /** Sequence number, unique per log. */
  id: number;
  /** The bank it concerns; absent for the clock the workbench's banks share. */
  mode?: BankMode;
  kind: ConsoleEventKind;
  actor: ConsoleActor;
  /** One line, as the request log and the diagram show it. */
  text: string;
  /** Bank clock reading after the event (ISO 8601). */
  bankTime: string;
  /** Real time of the event (ISO 8601): ordered with the exchanges' arrival. */
  arrivedAt: string;
}

export type ConsoleEventListener = (record: ConsoleEventRecord) => void;

export const DEFAULT_CONSOLE_EVENT_CAPACITY = 500;

export class ConsoleEventLog {
  private readonly log: CappedLog<ConsoleEventRecord>;

  constructor(
    readonly capacity: number = DEFAULT_CONSOLE_EVENT_CAPACITY,
    private readonly realNow: () => number = Date.now,
  ) {
    this.log = new CappedLog(capacity, 'console event log');
  }

  record(entry: Omit<ConsoleEventRecord, 'id' | 'arrivedAt'>): ConsoleEventRecord {
    const arrivedAt = new Date(this.realNow()).toISOString();
    return this.log.append((id) => ({ id, ...entry, arrivedAt }));
  }

  /** Oldest first. */
  entries(): ConsoleEventRecord[] {
    return this.log.entries();
  }

  subscribe(listener: ConsoleEventListener): () => void {
    return this.log.subscribe(listener);
  }
}

const DAY = 86_400_000;

/** "+1 h", "-30 min", "+91 d", "+1.5 s": a clock jump in the largest unit it is a whole of. */
export function clockJumpText(ms: number): string {
  const sign = ms < 0 ? '-' : '+';
  const abs = Math.abs(ms);
  if (abs >= DAY && abs % DAY === 0) return `${sign}${abs / DAY} d`;
  if (abs >= 3_600_000 && abs % 3_600_000 === 0) return `${sign}${abs / 3_600_000} h`;
  if (abs >= 60_000 && abs % 60_000 === 0) return `${sign}${abs / 60_000} min`;
  return `${sign}${abs / 1000} s`;
}

/** A batch run in one line: "Batch run (console): 2 settled, 0 partly settled, 1 rejected". */
export function batchRunText(report: BatchReport, by: string): string {
  const parts = [
    `${report.settled.length} settled`,
    `${report.partial.length} partly settled`,
    `${report.rejected.length} rejected`,
  ];
  if (report.periodicExecutions.length > 0)
    parts.push(`${report.periodicExecutions.length} standing-order executions`);
  if (report.errors.length > 0) parts.push(`${report.errors.length} not processed`);
  return `Batch run (${by}): ${parts.join(', ')}`;
}

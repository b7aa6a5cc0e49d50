/**
 * The request log, the console events and the TPP conformance report as the admin API
 * (GET /admin/requests, /admin/events, /admin/report) and `workbench bank --report` read them. A
 * bank keeps its own in memory (localLogs); a bank on a PostgreSQL store shared by several
 * processes reads those of every process from the database (store/pg-shared-log.ts).
 */
import type { ConsoleEventLog, ConsoleEventRecord } from './console-events.js';
import type { ExchangeRecord, RequestLog } from './request-log.js';
import type { TppReport } from './tpp-findings/model.js';
import type { TppFindingsRecorder } from './tpp-findings/recorder.js';

/** The latest entries of a log, oldest first, and how many the log holds. */
export interface LogPage<T> {
  total: number;
  entries: T[];
}

export interface BankLogs {
  /** The latest `limit` exchanges (at most the request log's capacity). */
  requests(limit: number): Promise<LogPage<ExchangeRecord>>;
  /** The latest `limit` console events (at most the console event log's capacity). */
  events(limit: number): Promise<LogPage<ConsoleEventRecord>>;
  /** The TPP conformance report over every request judged since the last clearReport(). */
  report(now?: Date): Promise<TppReport>;
  clearReport(): Promise<void>;
  /** Resolves when what this bank recorded so far is where every reader finds it. */
  flush(): Promise<void>;
  /** Flushes, then lets go of what the logs hold open (a database connection). */
  close(): Promise<void>;
}

/** A read of logs kept elsewhere (a database) that could not be made; the admin API answers 503. */
export class LogUnavailableError extends Error {
  override readonly name = 'LogUnavailableError';
}

/** A bank's own logs, in memory: what it answered itself. */
export function localLogs(
  requestLog: RequestLog,
  consoleEvents: ConsoleEventLog,
  tppFindings: TppFindingsRecorder,
): BankLogs {
  const page = <T>(entries: T[], limit: number): LogPage<T> => ({
    total: entries.length,
    entries: entries.slice(-limit),
  });
  return {
    requests: async (limit) => page(requestLog.entries(), limit),
    events: async (limit) => page(consoleEvents.entries(), limit),
    report: async (now) => tppFindings.report(now),
    clearReport: async () => tppFindings.clear(),
    flush: async () => undefined,
    close: async () => undefined,
  };
}

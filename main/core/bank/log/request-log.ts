/**
 * The request log: a capped ring buffer of exchanges with a
 * subscribe API. A failing subscriber never breaks the bank.
 */
import type { BankMode } from '../../../shared/mode.js';
import type { StageName } from '../context/request-context.js';
import { CappedLog } from './capped-log.js';

export interface LoggedRequest {
  method: string;
  target: string;
  headers: Record<string, string>;
  remoteAddress?: string;
  bodySize: number;
  /** The body as UTF-8 text when it is valid UTF-8 and at most BODY_TEXT_MAX bytes. */
  bodyText?: string;
}

export interface LoggedResponse {
  status: number;
  headers: Record<string, string>;
  /** Parsed JSON body (undefined for an empty body). */
  body: unknown;
}

export interface ExchangeRecord {
  /** Sequence number, unique per bank instance. */
  id: number;
  mode: BankMode;
  /** Bank clock reading when the request arrived (ISO 8601). */
  receivedAt: string;
  /**
   * Real (wall-clock) time the request arrived (ISO 8601): the order requests came in, whatever
   * the bank clock was set to.
   */
  arrivedAt: string;
  /** Wall-clock duration of the whole pipeline. */
  durationMs: number;
  /** Wall-clock milliseconds spent per stage that ran. */
  stageTimings: Partial<Record<StageName, number>>;
  operationId?: string;
  request: LoggedRequest;
  response: LoggedResponse;
  /** Set when a stage refused the request: which stage and which rule. */
  rejectedBy?: { stage: StageName; rule: string };
}

export type RequestLogListener = (record: ExchangeRecord) => void;

export const DEFAULT_LOG_CAPACITY = 500;
export const BODY_TEXT_MAX = 64 * 1024;

export class RequestLog {
  private readonly log: CappedLog<ExchangeRecord>;

  constructor(readonly capacity: number = DEFAULT_LOG_CAPACITY) {
    this.log = new CappedLog(capacity, 'request log');
  }

  /**
   * Assigns the id, stores (dropping the oldest beyond capacity) and notifies subscribers. Without
   * `arrivedAt` the request is taken to have arrived `durationMs` ago.
   */
  record(entry: Omit<ExchangeRecord, 'id' | 'arrivedAt'> & { arrivedAt?: string }): ExchangeRecord {
    const arrivedAt = entry.arrivedAt ?? new Date(Date.now() - entry.durationMs).toISOString();
    return this.log.append((id) => ({ id, ...entry, arrivedAt }));
  }

  /** Oldest first. */
  entries(): ExchangeRecord[] {
    return this.log.entries();
  }

  get size(): number {
    return this.log.size;
  }

  clear(): void {
    this.log.clear();
  }

  /** Calls `listener` for every new exchange; returns the unsubscribe function. */
  subscribe(listener: RequestLogListener): () => void {
    return this.log.subscribe(listener);
  }
}

/** The bank console's request-log filters, and the generic tables of a state snapshot. Pure. */
import type { BankEventView, BankExchangeView, BankMode } from '../../../main/api/contract';
import { statusClassOf, type StatusClass } from './format';

export interface LogFilter {
  mode: BankMode | 'all';
  statusClass: StatusClass | 'all';
  /** Matched against the request target (path and query), case-insensitively. */
  pathText: string;
  rejectedOnly: boolean;
  /** Show the workbench's own SCA-status polling (hidden by default: one row every 1.5 s). */
  showPolling: boolean;
}

export const NO_FILTER: LogFilter = {
  mode: 'all',
  statusClass: 'all',
  pathText: '',
  rejectedOnly: false,
  showPolling: false,
};

export function filterLog(entries: readonly BankExchangeView[], filter: LogFilter) {
  const text = filter.pathText.trim().toLowerCase();
  return entries.filter(
    (entry) =>
      (filter.mode === 'all' || entry.mode === filter.mode) &&
      (filter.statusClass === 'all' ||
        statusClassOf(entry.response.status) === filter.statusClass) &&
      (!text || entry.request.target.toLowerCase().includes(text)) &&
      (!filter.rejectedOnly || entry.rejectedBy !== undefined) &&
      (filter.showPolling || !entry.workbenchPoll),
  );
}

/** How many entries are the workbench's own polling (what the toggle hides). */
export function pollingCount(entries: readonly BankExchangeView[]): number {
  return entries.reduce((n, entry) => n + (entry.workbenchPoll ? 1 : 0), 0);
}

/** Order of arrival (real time), then per bank the order it logged them. */
function byArrival(a: BankExchangeView, b: BankExchangeView): number {
  return a.arrivedAt.localeCompare(b.arrivedAt) || (a.mode === b.mode ? a.id - b.id : 0);
}

/**
 * Keeps the newest `limit` entries, one per (mode, id): the log of both banks, merged, oldest
 * first in the order they arrived (real time: moving the bank clock back does not reorder).
 */
export function mergeLog(
  current: readonly BankExchangeView[],
  incoming: readonly BankExchangeView[],
  limit = 1000,
): BankExchangeView[] {
  const seen = new Set(current.map((e) => `${e.mode}:${e.id}`));
  const merged = [...current];
  for (const entry of incoming) {
    const key = `${entry.mode}:${entry.id}`;
    if (!seen.has(key)) {
      seen.add(key);
      merged.push(entry);
    }
  }
  merged.sort(byArrival);
  return merged.slice(-limit);
}

/** The bank's console events, one per key, in the order they happened; the newest `limit`. */
export function mergeEvents(
  current: readonly BankEventView[],
  incoming: readonly BankEventView[],
  limit = 500,
): BankEventView[] {
  const seen = new Set(current.map((e) => e.key));
  const merged = [...current];
  for (const event of incoming) {
    if (seen.has(event.key)) continue;
    seen.add(event.key);
    merged.push(event);
  }
  merged.sort((a, b) => a.arrivedAt.localeCompare(b.arrivedAt));
  return merged.slice(-limit);
}

/** A row of the request log: an exchange the bank answered, or something done to the bank. */
export type LogRow =
  | { type: 'exchange'; key: string; at: string; exchange: BankExchangeView }
  | { type: 'event'; key: string; at: string; event: BankEventView };

/**
 * The request log's rows, newest first: the exchanges the filter lets through, and the bank's
 * events among them by real time. An event is no HTTP exchange, so the status, path, rejected and
 * polling filters say nothing about it: only a mode filter naming the other bank hides it (a
 * clock jump moves both banks' clock and always shows).
 */
export function logRows(
  exchanges: readonly BankExchangeView[],
  events: readonly BankEventView[],
  filter: LogFilter,
): LogRow[] {
  const rows: LogRow[] = [
    ...filterLog(exchanges, filter).map((exchange) => ({
      type: 'exchange' as const,
      key: `${exchange.mode}:${exchange.id}`,
      at: exchange.arrivedAt,
      exchange,
    })),
    ...events
      .filter((event) => filter.mode === 'all' || !event.mode || event.mode === filter.mode)
      .map((event) => ({
        type: 'event' as const,
        key: `event:${event.key}`,
        at: event.arrivedAt,
        event,
      })),
  ];
  // Stable sort, then reversed: newest first, same-instant rows in the order they were listed.
  rows.sort((a, b) => a.at.localeCompare(b.at));
  return rows.reverse();
}

export interface StateTable {
  name: string;
  columns: string[];
  rows: Record<string, string>[];
}

function cell(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * The bank state as tables: every array in the snapshot's `state` becomes a table whose columns are
 * the union of its records' top-level fields (nested values shown as JSON). Generic on purpose: the
 * domain grows (consents, sessions, payments…) without this view changing.
 */
export function stateTables(snapshot: unknown): StateTable[] {
  const state = (snapshot as { state?: unknown } | null)?.state;
  if (typeof state !== 'object' || state === null) return [];
  const tables: StateTable[] = [];
  for (const [name, value] of Object.entries(state)) {
    if (!Array.isArray(value)) continue;
    const columns: string[] = [];
    for (const record of value) {
      if (typeof record !== 'object' || record === null) continue;
      for (const key of Object.keys(record)) if (!columns.includes(key)) columns.push(key);
    }
    const rows = value.map((record) =>
      typeof record === 'object' && record !== null
        ? Object.fromEntries(columns.map((c) => [c, cell((record as Record<string, unknown>)[c])]))
        : { value: cell(record) },
    );
    tables.push({ name, columns: columns.length ? columns : ['value'], rows });
  }
  return tables;
}

/** "cardAccounts" → "Card accounts". */
export function tableTitle(name: string): string {
  const words = name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

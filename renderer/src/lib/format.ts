/** Formatting for the views: durations, sizes, instants, HTTP status classes. Pure. */

/** "91 d 3 h 05 min", "1 h 02 min", "4 min 05 s", "12 s": how long something lasts, for people. */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  if (days > 0) return `${days} d ${hours} h ${two(minutes)} min`;
  if (hours > 0) return `${hours} h ${two(minutes)} min`;
  if (minutes > 0) return `${minutes} min ${two(seconds)} s`;
  return `${seconds} s`;
}

/** Within a second of real time: the bank clock is shown as running on real time. */
export const REAL_TIME_SLACK_MS = 1000;

/**
 * How far a clock runs from real time: "+91 d 0 h 00 min", "−1 h 00 min", or undefined when it
 * is within a second of it.
 */
export function formatOffset(ms: number): string | undefined {
  if (Math.abs(ms) < REAL_TIME_SLACK_MS) return undefined;
  return `${ms > 0 ? '+' : '−'}${formatDuration(Math.abs(ms))}`;
}

/** Milliseconds with a precision that fits: "0.8 ms", "12 ms", "1.24 s". */
export function formatMs(ms: number): string {
  if (ms < 10) return `${ms.toFixed(1)} ms`;
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(2)} s`;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

/** "2026-04-01 12:00:05 UTC": the bank clock and validity dates are shown in UTC, unambiguous. */
export function formatInstant(iso: string | number | Date): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return String(iso);
  return `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

export function formatDay(iso: string): string {
  return iso.slice(0, 10);
}

export type StatusClass = '1xx' | '2xx' | '3xx' | '4xx' | '5xx';

export function statusClassOf(status: number): StatusClass {
  const digit = Math.min(5, Math.max(1, Math.floor(status / 100)));
  return `${digit}xx` as StatusClass;
}

/** A JSON value as indented text; text that is not JSON stays as it is. */
export function prettyJson(value: unknown): string {
  if (typeof value === 'string') {
    try {
      return JSON.stringify(JSON.parse(value), null, 2);
    } catch {
      return value;
    }
  }
  return JSON.stringify(value, null, 2) ?? '';
}

/** The parse error of a JSON text, or null when it parses (or is empty: no body). */
export function jsonParseError(text: string): string | null {
  if (text.trim() === '') return null;
  try {
    JSON.parse(text);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

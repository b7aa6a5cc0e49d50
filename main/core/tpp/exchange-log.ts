/** The history of exchanges, capped in memory, with a live feed for the UI. */
import type { Exchange } from '../../shared/exchange.js';

export type ExchangeListener = (exchange: Exchange) => void;

export class ExchangeLog {
  private readonly entries: Exchange[] = [];
  private readonly listeners = new Set<ExchangeListener>();

  constructor(readonly capacity = 1000) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError('capacity must be ≥ 1');
  }

  add(exchange: Exchange): void {
    this.entries.push(exchange);
    if (this.entries.length > this.capacity)
      this.entries.splice(0, this.entries.length - this.capacity);
    for (const listener of this.listeners) {
      try {
        listener(exchange);
      } catch {
        // a broken subscriber must not lose the record for the others
      }
    }
  }

  /** Newest last; `text` searches method, URL, label, status and bodies, case-insensitively. */
  list(filter: { text?: string; label?: string } = {}): Exchange[] {
    const text = filter.text?.toLowerCase();
    return this.entries.filter((e) => {
      if (filter.label !== undefined && e.label !== filter.label) return false;
      if (!text) return true;
      const haystack = [
        e.request.method,
        e.request.url,
        e.label ?? '',
        String(e.response?.status ?? ''),
        e.request.body ?? '',
        e.response?.body ?? '',
        e.error ?? '',
      ]
        .join('\n')
        .toLowerCase();
      return haystack.includes(text);
    });
  }

  get(id: string): Exchange | undefined {
    return this.entries.find((e) => e.id === id);
  }

  clear(): void {
    this.entries.length = 0;
  }

  subscribe(listener: ExchangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

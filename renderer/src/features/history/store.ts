/** Every exchange the client sent (kept in main), live, searchable, exportable as HAR. */
import { create } from 'zustand';
import type { ExchangeView } from '../../../../main/api/contract';
import { api } from '../../api';

interface HistoryState {
  exchanges: ExchangeView[];
  /** Whether the list has been read from main since the view opened (a count is then true). */
  loaded: boolean;
  search: string;
  selected?: string;
  error?: unknown;
  load(): Promise<void>;
  setSearch(text: string): void;
  select(id: string | undefined): void;
  exportHar(ids?: string[]): Promise<{ fileName: string; text: string } | undefined>;
  clear(): Promise<void>;
  received(exchange: ExchangeView): void;
}

const LIMIT = 1000;

export const useHistoryStore = create<HistoryState>((set) => ({
  exchanges: [],
  loaded: false,
  search: '',
  async load() {
    set({ loaded: false });
    try {
      set({ exchanges: await api.call('tpp.history', {}), loaded: true, error: undefined });
    } catch (error) {
      set({ error });
    }
  },
  setSearch: (search) => set({ search }),
  select: (selected) => set({ selected }),
  async exportHar(ids) {
    try {
      return await api.call('tpp.exportHar', ids ? { ids } : {});
    } catch (error) {
      set({ error });
      return undefined;
    }
  },
  async clear() {
    try {
      await api.call('tpp.clearHistory', {});
      set({ exchanges: [], selected: undefined });
    } catch (error) {
      set({ error });
    }
  },
  received: (exchange) =>
    set((state) =>
      state.exchanges.some((e) => e.id === exchange.id)
        ? state
        : { exchanges: [...state.exchanges, exchange].slice(-LIMIT) },
    ),
}));

/** Search over what a user remembers of an exchange: method, URL, label, status, bodies, error. */
export function searchExchanges(exchanges: readonly ExchangeView[], text: string): ExchangeView[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return [...exchanges];
  return exchanges.filter((e) =>
    [
      e.request.method,
      e.request.url,
      e.label ?? '',
      String(e.response?.status ?? ''),
      e.request.body ?? '',
      e.response?.body ?? '',
      e.error ?? '',
    ]
      .join('\n')
      .toLowerCase()
      .includes(needle),
  );
}

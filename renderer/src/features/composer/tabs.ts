/**
 * Request tabs (docs/composer.md "Tabs"): several open requests, each with its own form and
 * answer. The shown tab's form and answer live in the store's `draft` and `response`; the others
 * are kept here as they were left. Pure.
 */
import type { ExchangeView, TabsView } from '../../../../main/api/contract';
import { row, type RequestDraft } from './request-model';

export interface Tab {
  id: string;
  draft: RequestDraft;
  response?: ExchangeView;
  /** The answer's id in the history, for a tab restored after a reload (its answer fetched). */
  responseId?: string;
}

export interface TabSet {
  tabs: Tab[];
  activeTabId: string;
}

/** What a tab says on its button: its operation, else its method and path. */
export function tabTitle(draft: RequestDraft): string {
  if (draft.operationId) return draft.operationId;
  return draft.pathTemplate ? `${draft.method} ${draft.pathTemplate}` : 'New request';
}

/** The set with the shown tab's current form and answer written back into it. */
export function withShown(set: TabSet, draft: RequestDraft, response?: ExchangeView): TabSet {
  return {
    ...set,
    tabs: set.tabs.map((t) =>
      t.id === set.activeTabId
        ? { id: t.id, draft, ...(response ? { response, responseId: response.id } : {}) }
        : t,
    ),
  };
}

/** After closing `id`: its right-hand neighbour is shown (else the left one); never no tab. */
export function withoutTab(set: TabSet, id: string, fresh: () => Tab): TabSet {
  const index = set.tabs.findIndex((t) => t.id === id);
  if (index < 0) return set;
  const tabs = set.tabs.filter((t) => t.id !== id);
  if (tabs.length === 0) {
    const tab = fresh();
    return { tabs: [tab], activeTabId: tab.id };
  }
  const activeTabId =
    set.activeTabId === id ? tabs[Math.min(index, tabs.length - 1)]!.id : set.activeTabId;
  return { tabs, activeTabId };
}

/** What the host keeps: forms and answer ids, not the answers themselves. */
export function storedTabs(set: TabSet): TabsView {
  return {
    tabs: set.tabs.map((t) => ({
      id: t.id,
      draft: t.draft,
      ...(t.responseId ? { responseId: t.responseId } : {}),
    })),
    activeTabId: set.activeTabId,
  };
}

/** Tabs as the host kept them, their answers found again in the history where still there. */
export function restoredTabs(view: TabsView, history: readonly ExchangeView[]): TabSet | undefined {
  if (view.tabs.length === 0) return undefined;
  const byId = new Map(history.map((e) => [e.id, e]));
  const tabs = view.tabs.map((t): Tab => {
    const response = t.responseId ? byId.get(t.responseId) : undefined;
    // Rows get ids of this page: ids kept from before could repeat the ones it makes next.
    const fresh = (rows: RequestDraft['query']) =>
      rows.map((r) => row(r.name, r.value, r.enabled, r.note));
    return {
      id: t.id,
      draft: { ...t.draft, query: fresh(t.draft.query), headers: fresh(t.draft.headers) },
      ...(response ? { response, responseId: response.id } : {}),
    };
  });
  const activeTabId = tabs.some((t) => t.id === view.activeTabId) ? view.activeTabId! : tabs[0]!.id;
  return { tabs, activeTabId };
}

/**
 * Request tabs: several open requests, each with its own form and answer. The shown tab's form and
 * answer live in the store's `draft` and `response`; the others are kept here as they were left.
 * What opens from elsewhere (History, a followed link) never overwrites a tab's form, and every
 * window shows the one tab list the host keeps. Pure.
 */
import type { EndpointView, ExchangeView, TabsView } from '../../../../main/api/contract';
import { mergedTabs } from '../../../../main/shared/tabs-merge';
import { fillPath } from '../../lib/path-template';
import { emptyDraft, operationOfRequest, row, type RequestDraft } from './request-model';

export interface Tab {
  id: string;
  draft: RequestDraft;
  response?: ExchangeView;
  /** The answer's id in the history, for a tab restored after a reload (its answer fetched). */
  responseId?: string;
  /** When a window last edited it: the newer edit wins across windows (tabs-merge.ts). */
  rev?: number;
}

export interface TabSet {
  tabs: Tab[];
  activeTabId: string;
}

/**
 * What a tab says on its button, one rule for every tab however it was opened (the picker, a
 * typed path, History, a saved request, a check's evidence): the operationId of the bundled
 * OpenAPI operation its method and path call, else its method and path (without the query).
 * Before the catalogue has loaded, the operation the form was opened on stands in.
 */
export function tabTitle(draft: RequestDraft, endpoints: readonly EndpointView[] = []): string {
  const path = draft.pathTemplate.split('?')[0]!.trim();
  if (!path) return 'New request';
  if (endpoints.length === 0 && draft.operationId) return draft.operationId;
  const called =
    endpoints.find((e) => e.method === draft.method && e.pathTemplate === path)?.operationId ??
    operationOfRequest(endpoints, draft.method, path)?.endpoint.operationId;
  return called ?? `${draft.method} ${path}`;
}

/**
 * The set with the shown tab's current form and answer written back into it, with when they were
 * last edited (`rev`, unchanged when not given).
 */
export function withShown(
  set: TabSet,
  draft: RequestDraft,
  response?: ExchangeView,
  rev?: number,
): TabSet {
  return {
    ...set,
    tabs: set.tabs.map((t) => {
      if (t.id !== set.activeTabId) return t;
      const edited = rev ?? t.rev;
      return {
        id: t.id,
        draft,
        ...(response ? { response, responseId: response.id } : {}),
        ...(edited !== undefined ? { rev: edited } : {}),
      };
    }),
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
      ...(t.rev !== undefined ? { rev: t.rev } : {}),
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
      ...(t.rev !== undefined ? { rev: t.rev } : {}),
    };
  });
  const activeTabId = tabs.some((t) => t.id === view.activeTabId) ? view.activeTabId! : tabs[0]!.id;
  return { tabs, activeTabId };
}

/** A tab as a fresh one opens: the default form, nothing sent from it. */
export function isUntouched(tab: Tab): boolean {
  return !tab.response && JSON.stringify(tab.draft) === JSON.stringify(emptyDraft());
}

/** Two forms calling the same operation on the same resource (the same filled path). */
function sameResource(a: RequestDraft, b: RequestDraft): boolean {
  return (
    a.method === b.method &&
    (a.operationId ?? a.pathTemplate) === (b.operationId ?? b.pathTemplate) &&
    fillPath(a.pathTemplate, a.pathParams) === fillPath(b.pathTemplate, b.pathParams)
  );
}

/**
 * The set with `opened` shown without losing any tab's form: into the shown tab when it is
 * untouched, else into a new tab beside the others — or, for a followed link (`sameResource`),
 * into the tab already on that resource, whose answer the newer one replaces (following
 * `status` twice gives one status tab). `set` has the shown tab's form written back already.
 */
export function withOpened(
  set: TabSet,
  opened: Tab,
  { sameResource: reuse = false }: { sameResource?: boolean } = {},
): TabSet {
  const shown = set.tabs.find((t) => t.id === set.activeTabId);
  const into =
    shown && isUntouched(shown)
      ? shown
      : reuse
        ? set.tabs.find((t) => sameResource(t.draft, opened.draft))
        : undefined;
  if (!into) return { tabs: [...set.tabs, opened], activeTabId: opened.id };
  const tab: Tab = { ...opened, id: into.id };
  return { tabs: set.tabs.map((t) => (t.id === into.id ? tab : t)), activeTabId: into.id };
}

/**
 * Tabs another window kept (one tab list across windows), merged onto this window's: each tab the
 * newer edit of the two, this window's tabs opened or edited since it last kept its list
 * (`keptAt`) staying, the others as the kept list has them (closed there: closed here). This
 * window's shown tab stays shown unless it was closed elsewhere. Answers are found again in the
 * history, or kept from this window's tabs.
 */
export function adoptedTabs(
  own: TabSet,
  kept: TabsView,
  history: readonly ExchangeView[],
  keptAt: number,
): TabSet | undefined {
  const known = [...history, ...own.tabs.flatMap((t) => (t.response ? [t.response] : []))];
  const restored = restoredTabs(kept, known);
  if (!restored) return undefined;
  const tabs = mergedTabs(own.tabs, restored.tabs, keptAt);
  const shown = (id: string | undefined) => id !== undefined && tabs.some((t) => t.id === id);
  const activeTabId = shown(own.activeTabId)
    ? own.activeTabId
    : shown(restored.activeTabId)
      ? restored.activeTabId
      : tabs[0]!.id;
  return { tabs, activeTabId };
}

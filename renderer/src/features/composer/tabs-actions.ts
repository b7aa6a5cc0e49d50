/**
 * The composer store's tabs: open, switch and close, each keeping its own form and answer; kept by
 * the host (workspace.saveTabs) a moment after each change, and restored on load with their
 * answers from the history. The rules are in tabs.ts.
 */
import type { StoreApi } from 'zustand';
import type { ExchangeView } from '../../../../main/api/contract';
import { api } from '../../api';
import { emptyDraft, type RequestDraft } from './request-model';
import type { TabsView } from '../../../../main/api/contract';
import {
  adoptedTabs,
  restoredTabs,
  storedTabs,
  withOpened,
  withShown,
  withoutTab,
  type Tab,
  type TabSet,
} from './tabs';

export interface TabsState {
  tabSet: TabSet;
  tabsError?: unknown;
  loadTabs(): Promise<void>;
  newTab(): void;
  switchTab(id: string): void;
  closeTab(id: string): void;
  /**
   * Shows a form (and its answer) without overwriting another: in the shown tab if untouched,
   * else in a new tab; a `followed` link's answer goes to the tab already on its resource.
   */
  openInTab(draft: RequestDraft, response?: ExchangeView, followed?: boolean): void;
  /** The tab list another window kept: adopted, this window's shown tab kept as it is. */
  receivedTabs(view: TabsView): Promise<void>;
}

/** What the tabs read and write of the rest of the composer store. */
interface Shown {
  draft: RequestDraft;
  response?: ExchangeView;
  preview?: ExchangeView;
}

type State = TabsState & Shown;
type Set = StoreApi<State>['setState'];
type Get = StoreApi<State>['getState'];

const SAVE_DELAY_MS = 400;
let counter = 0;
const freshTab = (): Tab => ({
  id: `tab-${Date.now().toString(36)}-${++counter}`,
  draft: emptyDraft(),
  rev: Date.now(),
});

/**
 * Numbers the lists a window sends to be kept; each one's `latest()` says whether no later list
 * was sent since. Only the latest list's answer is taken: the web host's answers may arrive out of
 * order, and an older list's answer would bring back a tab closed since.
 */
function latestOnly(): () => () => boolean {
  let sent = 0;
  return () => {
    const number = ++sent;
    return () => number === sent;
  };
}

export function tabsActions(
  set: Set,
  get: Get,
  subscribe: StoreApi<State>['subscribe'],
): TabsState {
  const first = freshTab();
  /** This window, so it knows its own change when the host tells every window. */
  const windowId = `window-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let loaded = false;
  /** Set while taking another window's list: keeping it again would echo between windows. */
  let adopting = false;
  /** Set while a tab is shown: its form appears, nobody edited it. */
  let switching = false;
  /** When the shown tab's form or answer was last edited in this window. */
  let shownRev: number | undefined = first.rev;
  /** When this window last kept the list, or took the kept one: what it has seen of it. */
  let keptAt = 0;
  const nextSave = latestOnly();

  /** Shows tab `id` of `tabSet`, the shown one written back first. */
  const show = (tabSet: TabSet, id: string) => {
    const tab = tabSet.tabs.find((t) => t.id === id);
    if (!tab) return;
    shownRev = tab.rev;
    switching = true;
    try {
      set({
        tabSet: { ...tabSet, activeTabId: id },
        draft: tab.draft,
        response: tab.response,
        preview: undefined,
      });
    } finally {
      switching = false;
    }
  };

  /** The kept list (another window's, or this one's merged by the host) taken into this window. */
  const take = async (view: TabsView, at: number) => {
    const history = await api.call('tpp.history', {}).catch(() => []);
    const { tabSet, draft, response } = get();
    const own = withShown(tabSet, draft, response, shownRev);
    const adopted = adoptedTabs(own, view, history, keptAt);
    keptAt = Math.max(keptAt, at);
    if (!adopted) return;
    const shownBefore = own.tabs.find((t) => t.id === own.activeTabId);
    const shownAfter = adopted.tabs.find((t) => t.id === adopted.activeTabId);
    adopting = true;
    try {
      // The shown tab edited elsewhere (or closed there): its newer form is shown.
      if (shownAfter !== shownBefore) show(adopted, adopted.activeTabId);
      else set({ tabSet: adopted });
    } finally {
      adopting = false;
    }
  };

  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    const { tabSet, draft, response } = get();
    const sentAt = Date.now();
    const kept: TabsView = {
      ...storedTabs(withShown(tabSet, draft, response, shownRev)),
      seenAt: keptAt,
      by: windowId,
    };
    const latest = nextSave();
    api.call('workspace.saveTabs', kept).then(
      (merged) => {
        set({ tabsError: undefined });
        if (!latest()) return; // taking an older list's answer would bring back closed tabs
        // The host kept more than this window sent (another window's tabs): taken in.
        if (JSON.stringify(merged.tabs) !== JSON.stringify(kept.tabs)) void take(merged, sentAt);
        else keptAt = Math.max(keptAt, sentAt);
      },
      (tabsError: unknown) => set({ tabsError }),
    );
  };
  // Typing is kept a moment after it pauses; a tab opened, closed or switched, or an answer, at
  // once (a reload right after must find it).
  subscribe((state, before) => {
    if (!loaded || adopting) return;
    if (!switching && (state.draft !== before.draft || state.response !== before.response))
      shownRev = Date.now();
    if (state.tabSet !== before.tabSet || state.response !== before.response) flush();
    else if (state.draft !== before.draft) {
      clearTimeout(timer);
      timer = setTimeout(flush, SAVE_DELAY_MS);
    }
  });
  // Leaving the page with typing not yet kept: kept now (best effort, the page is going).
  if (typeof window !== 'undefined')
    window.addEventListener('pagehide', () => {
      if (timer !== undefined) flush();
    });
  return {
    tabSet: { tabs: [first], activeTabId: first.id },
    async loadTabs() {
      if (loaded) return;
      const seen = Date.now();
      try {
        const [view, history] = await Promise.all([
          api.call('workspace.tabs', {}),
          api.call('tpp.history', {}),
        ]);
        const restored = restoredTabs(view, history);
        if (restored) show(restored, restored.activeTabId);
        keptAt = seen;
      } catch (tabsError) {
        set({ tabsError });
      }
      loaded = true;
    },
    newTab() {
      const { tabSet, draft, response } = get();
      const tab = freshTab();
      const written = withShown(tabSet, draft, response, shownRev);
      show({ ...written, tabs: [...written.tabs, tab] }, tab.id);
    },
    switchTab(id) {
      const { tabSet, draft, response } = get();
      if (id === tabSet.activeTabId) return;
      show(withShown(tabSet, draft, response, shownRev), id);
    },
    openInTab(draft, response, followed = false) {
      const { tabSet, draft: shownDraft, response: shownResponse } = get();
      const opened: Tab = {
        ...freshTab(),
        draft,
        ...(response ? { response, responseId: response.id } : {}),
      };
      const next = withOpened(withShown(tabSet, shownDraft, shownResponse, shownRev), opened, {
        sameResource: followed,
      });
      show(next, next.activeTabId);
    },
    async receivedTabs(view) {
      if (!loaded || view.by === windowId) return;
      await take(view, Date.now());
    },
    closeTab(id) {
      const { tabSet, draft, response } = get();
      const next = withoutTab(withShown(tabSet, draft, response, shownRev), id, freshTab);
      if (next.activeTabId === tabSet.activeTabId) set({ tabSet: next });
      else show(next, next.activeTabId);
    },
  };
}

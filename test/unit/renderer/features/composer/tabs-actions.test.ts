/**
 * Test the composer's tab actions (renderer/src/features/composer/tabs-actions.ts) over a fake
 * contract client: the answer to a list the window sent is taken only while no later list was
 * sent, so an answer that arrives late (the web host's answers may come out of order) never
 * brings back a tab closed since.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TabsView } from '../../../../../main/api/contract';
import { answers, calls } from '../../fake-api.js';

vi.mock('../../../../../renderer/src/api', () =>
  import('../../fake-api.js').then((m) => m.fakeApiModule),
);

const { useComposerStore } = await import('../../../../../renderer/src/features/composer/store');
const { emptyDraft } = await import('../../../../../renderer/src/features/composer/request-model');

const tab = (id: string, rev: number) => ({ id, draft: emptyDraft(), rev });
const ids = () => useComposerStore.getState().tabSet.tabs.map((t) => t.id);

/** Each `workspace.saveTabs` call waits until the test answers it with the list it chooses. */
const pending: { sent: TabsView; answer: (view: TabsView) => void }[] = [];

beforeEach(async () => {
  calls.length = 0;
  answers.clear();
  pending.length = 0;
  answers.set('tpp.history', () => []);
  answers.set('workspace.tabs', () => ({
    tabs: [tab('A', 1), tab('B', 1), tab('C', 1)],
    activeTabId: 'C',
  }));
  answers.set(
    'workspace.saveTabs',
    (sent) => new Promise((resolve) => pending.push({ sent: sent as TabsView, answer: resolve })),
  );
  await useComposerStore.getState().loadTabs();
});

describe('closing tabs while their lists are being kept', () => {
  it('takes no answer older than the latest list sent', async () => {
    expect(ids()).toEqual(['A', 'B', 'C']);
    useComposerStore.getState().closeTab('A');
    useComposerStore.getState().closeTab('B');
    expect(pending.map((p) => p.sent.tabs.map((t) => t.id))).toEqual([['B', 'C'], ['C']]);

    // The latest list is answered first, as sent; then the older one, with a tab another
    // window opened meanwhile, as the host had it when that list arrived.
    pending[1]!.answer(pending[1]!.sent);
    await vi.waitFor(() =>
      expect(calls.filter((c) => c.name === 'workspace.saveTabs')).toHaveLength(2),
    );
    pending[0]!.answer({ ...pending[0]!.sent, tabs: [tab('B', 1), tab('C', 1), tab('D', 5)] });
    await new Promise((resolve) => setTimeout(resolve, 20));

    expect(ids()).toEqual(['C']);
  });
});

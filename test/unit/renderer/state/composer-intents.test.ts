/**
 * What other screens ask of the composer (renderer/src/state/composer-intents.ts): History and the
 * Runner's evidence open what they show in it without importing it. The composer takes the asks up
 * when its store loads; before that an ask is refused with a clear error, never lost in silence.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ExchangeView } from '../../../../main/api/contract';

vi.mock('../../../../renderer/src/api', () =>
  import('../fake-api.js').then((m) => m.fakeApiModule),
);

const checkRequest = {
  method: 'POST',
  url: 'http://127.0.0.1:41001/v1/consents',
  headers: { 'Content-Type': 'application/json' },
  body: '{"access":{}}',
};

beforeEach(() => {
  // Each test loads the intents afresh: the first finds no composer loaded yet.
  vi.resetModules();
});

describe('asking the composer to open a request', () => {
  it('is refused with a clear error while no composer has taken the asks up', async () => {
    const { composerIntents } = await import('../../../../renderer/src/state/composer-intents');
    await expect(composerIntents.openCheckRequest(checkRequest)).rejects.toThrow(
      'The composer is not loaded, so nothing can be opened in it.',
    );
  });

  it('hands each ask to the one that took them up', async () => {
    const { composerIntents, takeComposerIntents } =
      await import('../../../../renderer/src/state/composer-intents');
    const asked: unknown[] = [];
    takeComposerIntents({
      openExchange: async (exchange) => void asked.push(['exchange', exchange.id]),
      openCheckRequest: async (request) => void asked.push(['request', request.url]),
    });
    await composerIntents.openExchange({ id: 'ex-1' } as ExchangeView);
    await composerIntents.openCheckRequest(checkRequest);
    expect(asked).toEqual([
      ['exchange', 'ex-1'],
      ['request', checkRequest.url],
    ]);
  });

  it("opens a check's request in a composer tab of its own once the composer is loaded", async () => {
    // The fake client the composer's store gets after the reset: it answers its catalogue.
    const { answers, calls } = await import('../fake-api.js');
    answers.set('tpp.endpoints', () => ({
      endpoints: [],
      fixes: [],
      automaticHeaders: { generated: [], session: [] },
    }));
    answers.set('spec.schemas', () => []);
    const { composerIntents } = await import('../../../../renderer/src/state/composer-intents');
    const { useComposerStore } = await import('../../../../renderer/src/features/composer/store');
    useComposerStore.getState().setDraft({ body: '{"edited":true}' });
    const edited = useComposerStore.getState().tabSet.activeTabId;

    await composerIntents.openCheckRequest(checkRequest);

    const state = useComposerStore.getState();
    expect(state.tabSet.tabs.map((tab) => tab.id)).toEqual([edited, state.tabSet.activeTabId]);
    expect(state.draft).toMatchObject({ method: 'POST', body: '{"access":{}}' });
    expect(state.tabSet.tabs[0]?.draft.body).toBe('{"edited":true}');
    expect(calls.map((call) => call.name)).toContain('tpp.endpoints');
  });
});

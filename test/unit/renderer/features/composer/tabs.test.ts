/** Request tabs (renderer/src/features/composer/tabs.ts): each keeps its form and answer. */
import { describe, expect, it } from 'vitest';
import type { EndpointView, ExchangeView } from '../../../../../main/api/contract';
import { emptyDraft, row } from '../../../../../renderer/src/features/composer/request-model';
import {
  adoptedTabs,
  isUntouched,
  restoredTabs,
  storedTabs,
  tabTitle,
  withOpened,
  withShown,
  withoutTab,
  type TabSet,
} from '../../../../../renderer/src/features/composer/tabs';

const answer = (id: string) => ({ id }) as unknown as ExchangeView;
const draft = (path: string) => ({ ...emptyDraft(), method: 'GET' as const, pathTemplate: path });

const endpoint = (operationId: string, method: string, pathTemplate: string) =>
  ({ operationId, method, pathTemplate }) as EndpointView;
const ENDPOINTS = [
  endpoint('createConsent', 'POST', '/v1/consents'),
  endpoint('getConsent', 'GET', '/v1/consents/{consentId}'),
  endpoint('getConsentStatus', 'GET', '/v1/consents/{consentId}/status'),
];

describe('tab titles', () => {
  it('name the operation the method and path call, however the tab was opened', () => {
    // Opened on the operation in the picker.
    expect(
      tabTitle({ ...draft('/v1/consents/{consentId}'), operationId: 'getConsent' }, ENDPOINTS),
    ).toBe('getConsent');
    // A path typed in a new tab, or opened from History with its values: the same operation.
    expect(tabTitle(draft('/v1/consents/c-1'), ENDPOINTS)).toBe('getConsent');
    expect(tabTitle(draft('/v1/consents/c-1/status?x=1'), ENDPOINTS)).toBe('getConsentStatus');
    expect(tabTitle({ ...draft('/v1/consents'), method: 'POST' }, ENDPOINTS)).toBe('createConsent');
    // A new tab's form (POST /v1/consents) is named as the picker's createConsent is.
    expect(tabTitle(emptyDraft(), ENDPOINTS)).toBe('createConsent');
  });

  it('say the method and path, without the query, when no operation is called', () => {
    expect(tabTitle(draft('/v1/unknown?edited=yes'), ENDPOINTS)).toBe('GET /v1/unknown');
    // An operation the form was opened on, then moved off it: the path it calls now.
    expect(tabTitle({ ...draft('/v1/other'), operationId: 'getConsent' }, ENDPOINTS)).toBe(
      'GET /v1/other',
    );
    expect(tabTitle({ ...emptyDraft(), pathTemplate: '' }, ENDPOINTS)).toBe('New request');
  });

  it('take the operation the form was opened on while the catalogue is loading', () => {
    expect(tabTitle({ ...draft('/v1/consents/{consentId}'), operationId: 'getConsent' })).toBe(
      'getConsent',
    );
    expect(tabTitle(draft('/v1/consents/c-1'))).toBe('GET /v1/consents/c-1');
  });
});

describe('request tabs', () => {
  it('writes the shown form and answer back into its own tab only', () => {
    const set: TabSet = {
      tabs: [
        { id: 'a', draft: draft('/v1/accounts') },
        { id: 'b', draft: draft('/v1/consents'), response: answer('x2'), responseId: 'x2' },
      ],
      activeTabId: 'a',
    };
    const written = withShown(set, draft('/v1/accounts/{account-id}'), answer('x1'));
    expect(written.tabs[0]).toMatchObject({
      draft: { pathTemplate: '/v1/accounts/{account-id}' },
      responseId: 'x1',
    });
    expect(written.tabs[1]).toBe(set.tabs[1]);
    expect(storedTabs(written)).toEqual({
      tabs: [
        { id: 'a', draft: written.tabs[0]!.draft, responseId: 'x1' },
        { id: 'b', draft: set.tabs[1]!.draft, responseId: 'x2' },
      ],
      activeTabId: 'a',
    });
  });

  it('shows a neighbour after closing the shown tab, and never no tab', () => {
    const fresh = () => ({ id: 'new', draft: emptyDraft() });
    const set: TabSet = {
      tabs: ['a', 'b', 'c'].map((id) => ({ id, draft: emptyDraft() })),
      activeTabId: 'c',
    };
    expect(withoutTab(set, 'c', fresh).activeTabId).toBe('b');
    expect(withoutTab({ ...set, activeTabId: 'a' }, 'a', fresh).activeTabId).toBe('b');
    expect(withoutTab({ ...set, activeTabId: 'a' }, 'b', fresh).activeTabId).toBe('a');
    const last = withoutTab({ tabs: [set.tabs[0]!], activeTabId: 'a' }, 'a', fresh);
    expect(last).toEqual({ tabs: [fresh()], activeTabId: 'new' });
  });

  it('restores kept tabs with their answers from the history, rows with new ids', () => {
    const kept = {
      ...draft('/v1/consents/{consentId}'),
      headers: [{ id: 'row-1', name: 'Accept', value: 'application/json', enabled: true }],
    };
    const restored = restoredTabs(
      {
        tabs: [
          { id: 'a', draft: kept, responseId: 'x1' },
          { id: 'b', draft: kept, responseId: 'gone' },
        ],
        activeTabId: 'zz',
      },
      [answer('x1')],
    )!;
    expect(restored.activeTabId).toBe('a');
    expect(restored.tabs[0]!.response?.id).toBe('x1');
    expect(restored.tabs[1]!.response).toBeUndefined();
    const next = row();
    expect(restored.tabs[0]!.draft.headers[0]).toMatchObject({ name: 'Accept', enabled: true });
    expect(restored.tabs[0]!.draft.headers[0]!.id).not.toBe(next.id);
    expect(restoredTabs({ tabs: [] }, [])).toBeUndefined();
    expect(tabTitle(kept)).toBe('GET /v1/consents/{consentId}');
    expect(tabTitle({ ...kept, operationId: 'getConsent' })).toBe('getConsent');
  });

  it('opens a form without overwriting a tab that holds one', () => {
    const opened = { id: 'new', draft: draft('/v1/consents/c1/status'), responseId: 'x9' };
    // A fresh tab is filled in place.
    const fresh: TabSet = { tabs: [{ id: 'a', draft: emptyDraft() }], activeTabId: 'a' };
    expect(isUntouched(fresh.tabs[0]!)).toBe(true);
    expect(withOpened(fresh, opened)).toEqual({ tabs: [{ ...opened, id: 'a' }], activeTabId: 'a' });
    // A tab with a form keeps it: the opened one goes beside it.
    const busy: TabSet = { tabs: [{ id: 'a', draft: draft('/v1/accounts') }], activeTabId: 'a' };
    expect(isUntouched(busy.tabs[0]!)).toBe(false);
    expect(withOpened(busy, opened)).toEqual({
      tabs: [busy.tabs[0], opened],
      activeTabId: 'new',
    });
    // A followed link's answer goes to the tab already on its resource; any other form opens a
    // tab of its own even then.
    const again = { ...opened, id: 'newer', responseId: 'y' };
    const followed = withOpened(withOpened(busy, opened), again, { sameResource: true });
    expect(followed.tabs.map((t) => [t.id, t.responseId])).toEqual([
      ['a', undefined],
      ['new', 'y'],
    ]);
    expect(withOpened(withOpened(busy, opened), again).tabs.map((t) => t.id)).toEqual([
      'a',
      'new',
      'newer',
    ]);
  });

  it("takes another window's tab list: each tab the newer edit, this window's unsaved tabs kept", () => {
    const own: TabSet = {
      tabs: [
        { id: 'a', draft: draft('/v1/accounts/typed'), rev: 50 },
        { id: 'b', draft: draft('/v1/consents'), rev: 10 },
        { id: 'n', draft: draft('/v1/opened-here'), rev: 60 },
        { id: 'x', draft: draft('/v1/closed-there'), rev: 5 },
      ],
      activeTabId: 'a',
    };
    const kept = {
      tabs: [
        { id: 'a', draft: draft('/v1/accounts'), rev: 20 },
        { id: 'b', draft: draft('/v1/consents/changed'), rev: 40 },
        { id: 'c', draft: draft('/v1/payments'), responseId: 'x3', rev: 45 },
      ],
      activeTabId: 'c',
    };
    // This window last kept its list at 30: 'n' is newer (opened here since), 'x' is not (closed
    // in the other window).
    const adopted = adoptedTabs(own, kept, [answer('x3')], 30)!;
    expect(adopted.activeTabId).toBe('a');
    expect(adopted.tabs.map((t) => [t.id, t.draft.pathTemplate])).toEqual([
      ['a', '/v1/accounts/typed'],
      ['b', '/v1/consents/changed'],
      ['c', '/v1/payments'],
      ['n', '/v1/opened-here'],
    ]);
    expect(adopted.tabs[2]!.response).toEqual(answer('x3'));
    // The shown tab closed there, and not edited here since: the other window's choice is shown.
    const closed = adoptedTabs(
      { ...own, tabs: own.tabs.map((t) => (t.id === 'a' ? { ...t, rev: 25 } : t)) },
      { tabs: kept.tabs.slice(1), activeTabId: 'c' },
      [],
      30,
    )!;
    expect(closed.activeTabId).toBe('c');
    expect(closed.tabs.map((t) => t.id)).toEqual(['b', 'c', 'n']);
  });
});

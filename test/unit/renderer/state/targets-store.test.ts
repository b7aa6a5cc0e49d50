/**
 * Test the targets store (renderer/src/state/targets-store.ts) over a fake contract client: a
 * view main read earlier never replaces one it read later, whether it arrives as an answer or as a
 * `targets.changed` event, so a late list never brings back a profile removed since.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TargetsView } from '../../../../main/api/contract';
import { answers, calls } from '../fake-api.js';

vi.mock('../../../../renderer/src/api', () =>
  import('../fake-api.js').then((m) => m.fakeApiModule),
);

const { useTargetsStore, laterView } = await import('../../../../renderer/src/state/targets-store');

const profile = {
  id: 'profile-a',
  path: '/tmp/a.json',
  ok: true as const,
  name: 'A',
  baseUrl: 'https://bank.example',
  mode: 'sandbox' as const,
  scaMode: 'manual' as const,
  problems: [],
};
const view = (readOrder: number, withProfile: boolean): TargetsView => ({
  readOrder,
  activeTargetId: 'embedded-sandbox',
  targets: [],
  profiles: withProfile ? [profile] : [],
});
const shownProfiles = () => useTargetsStore.getState().view?.profiles.map((p) => p.id);

beforeEach(() => {
  calls.length = 0;
  answers.clear();
  useTargetsStore.setState({ view: undefined, busy: false });
});

describe('views arriving out of order', () => {
  it('keeps the removal when the list asked for before it is answered after it', async () => {
    let answerList: (v: TargetsView) => void = () => undefined;
    answers.set('targets.list', () => new Promise<TargetsView>((r) => (answerList = r)));
    answers.set('targets.removeProfile', () => view(3, false));
    useTargetsStore.setState({ view: view(1, true) });

    const loading = useTargetsStore.getState().load();
    await useTargetsStore.getState().removeProfile('profile-a');
    expect(shownProfiles()).toEqual([]);
    answerList(view(2, true));
    await loading;
    expect(shownProfiles()).toEqual([]);
  });

  it('takes no event older than the view shown, and takes a later one', () => {
    useTargetsStore.getState().received(view(5, false));
    useTargetsStore.getState().received(view(4, true));
    expect(shownProfiles()).toEqual([]);
    useTargetsStore.getState().received(view(6, true));
    expect(shownProfiles()).toEqual(['profile-a']);
  });

  it('takes the first view there is', () => {
    expect(laterView(undefined, view(1, true)).readOrder).toBe(1);
    expect(laterView(view(2, false), view(2, true)).profiles).toEqual([]);
  });
});

/**
 * The one target switcher's list (target-choices.ts): the same targets for the composer and the
 * Runner, with what each view cannot use disabled and the reason given.
 */
import { describe, expect, it } from 'vitest';
import type { TargetsView } from '../../../../main/api/contract';
import { targetChoices } from '../../../../renderer/src/state/target-choices';

const view: TargetsView = {
  readOrder: 1,
  activeTargetId: 'embedded-sandbox',
  targets: [
    {
      id: 'embedded-sandbox',
      kind: 'embedded',
      name: 'Embedded bank (sandbox)',
      mode: 'sandbox',
      running: false,
      defaultHeaders: {},
    },
    {
      id: 'external-1',
      kind: 'external',
      name: 'By hand',
      mode: 'production',
      baseUrl: 'https://hand.example',
      defaultHeaders: {},
    },
    {
      id: 'profile-ok',
      kind: 'profile',
      name: 'Acme',
      mode: 'sandbox',
      baseUrl: 'https://acme.example',
      defaultHeaders: {},
      profilePath: '/p/acme.json',
    },
  ],
  profiles: [
    { id: 'profile-ok', path: '/p/acme.json', ok: true, problems: [] },
    { id: 'profile-bad', path: '/p/bad.json', ok: false, problems: ['/baseUrl: must match'] },
  ],
};

describe('the target switcher list', () => {
  it('offers the composer every target that reads; a broken profile is disabled with its problem', () => {
    const choices = targetChoices(view, 'send');
    expect(choices.map((c) => [c.id, c.unusable])).toEqual([
      ['embedded-sandbox', undefined],
      ['external-1', undefined],
      ['profile-ok', undefined],
      ['profile-bad', 'the profile does not read: /baseUrl: must match'],
    ]);
    expect(choices[0]!.label).toBe('Embedded bank (sandbox) — stopped');
    expect(choices[1]!.label).toBe('External: By hand — https://hand.example (production)');
    expect(choices[3]!.unusableShort).toBe('does not read');
  });

  it('offers the Runner the same list; an external target cannot run, and says why', () => {
    const choices = targetChoices(view, 'run');
    expect(choices.map((c) => c.id)).toEqual(targetChoices(view, 'send').map((c) => c.id));
    expect(choices.filter((c) => c.unusable).map((c) => c.id)).toEqual([
      'external-1',
      'profile-bad',
    ]);
    expect(choices[1]!.unusable).toMatch(/^a run needs a target profile/);
    expect(choices[1]!.unusableShort).toBe('a run needs a target profile');
    // A run starts its own embedded bank: whether the shared one runs does not matter.
    expect(choices[0]!.label).toBe('Embedded bank (sandbox)');
  });
});

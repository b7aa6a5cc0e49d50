/**
 * The settings screen (SettingsScreen.tsx): the x-accept-fix names it offers are the §9.2
 * catalogue, there as soon as it shows, without waiting for the composer's endpoint catalogue;
 * the targets' panels the app hands in show between the composer defaults and where files live.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { FIXES } from '../../../../../../main/core/spec/fixes';
import { calls } from '../../../fake-api.js';

vi.mock('../../../../../../renderer/src/api', () =>
  import('../../../fake-api.js').then((m) => m.fakeApiModule),
);

const { SettingsScreen } =
  await import('../../../../../../renderer/src/features/settings/components/SettingsScreen');

describe('the settings screen', () => {
  it('offers every §9.2 fix with its effect at once, asking main for nothing', () => {
    const html = renderToStaticMarkup(createElement(SettingsScreen));
    for (const fix of FIXES)
      expect(html).toContain(`<option value="${fix.name}">${fix.effect}</option>`);
    expect(calls).toEqual([]);
  });

  it('shows the panels it is given after the composer defaults', () => {
    const html = renderToStaticMarkup(
      createElement(SettingsScreen, null, createElement('div', { 'data-testid': 'handed-in' })),
    );
    expect(html.indexOf('data-testid="handed-in"')).toBeGreaterThan(
      html.indexOf('data-testid="settings-form"'),
    );
  });
});

/**
 * The variables panel with a secret (VariablesPanel.tsx, docs/variables.md "Secret values"): its
 * value is masked with a reveal toggle and a ticked "secret" box; a secret still sealed (keystore
 * locked) says to unlock it; a plain variable shows its value and an unticked box.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';

vi.mock('../../../../../../renderer/src/api', () =>
  import('../../../fake-api.js').then((m) => m.fakeApiModule),
);

const { useComposerStore } = await import('../../../../../../renderer/src/features/composer/store');
const { VariablesPanelView } =
  await import('../../../../../../renderer/src/features/composer/components/VariablesPanel');

const TARGET = 'embedded-sandbox';

function panel(values: Record<string, string>) {
  const { variables, variablesError, environmentReport } = useComposerStore.getState();
  return renderToStaticMarkup(
    createElement(VariablesPanelView, {
      targetId: TARGET,
      values,
      target: variables[TARGET],
      error: variablesError,
      report: environmentReport,
    }),
  );
}

describe('the variables panel', () => {
  it('masks a secret, offers to show it and marks it secret; a plain value is shown', () => {
    useComposerStore.setState({
      variables: {
        [TARGET]: {
          active: 'default',
          environments: {
            default: {
              psuPassword: [{ value: 'open-sesame', from: 'imported', secret: true }],
              consentId: [{ value: 'c-1', from: 'POST /v1/consents' }],
            },
          },
        },
      },
    });
    const html = panel({ psuPassword: 'open-sesame', consentId: 'c-1' });
    expect(html).not.toContain('open-sesame');
    expect(html).toContain('••••••');
    expect(html).toMatch(/data-testid="variable-reveal-psuPassword"[^>]*>show</);
    expect(html).toMatch(/type="checkbox" data-testid="variable-secret-psuPassword" checked=""/);
    expect(html).toContain('c-1');
    expect(html).not.toMatch(/data-testid="variable-secret-consentId" checked/);
    expect(html).toContain('data-testid="variable-new-secret"');
  });

  it('says a sealed secret needs the keystore unlocked', () => {
    useComposerStore.setState({
      variables: {
        [TARGET]: {
          active: 'default',
          environments: {
            default: {
              psuPassword: [{ value: '', from: 'imported', secret: true, sealed: 'AAAA' }],
            },
          },
        },
      },
    });
    const html = panel({});
    expect(html).toContain('data-testid="variable-psuPassword"');
    expect(html).toContain('sealed: unlock the keystore (Certificates) to use it');
    expect(html).not.toContain('variable-reveal-psuPassword');
  });
});

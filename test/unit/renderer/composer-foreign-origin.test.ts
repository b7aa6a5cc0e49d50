/**
 * The composer and a request to another origin than the target's
 * (renderer/src/features/composer/store.ts): it asks before sending, sends nothing until the user
 * confirms, and then sends with `allowForeignOrigin`, unsigned; main sends the target's headers
 * and credentials only to its origin (SECURITY.md).
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TargetsView } from '../../../main/api/contract';
import { answers, calls } from './fake-api.js';

vi.mock('../../../renderer/src/api', () => import('./fake-api.js').then((m) => m.fakeApiModule));

const { foreignOriginOf, useComposerStore } =
  await import('../../../renderer/src/features/composer/store');
const { emptyDraft } = await import('../../../renderer/src/features/composer/request-model');
const { useTargetsStore } = await import('../../../renderer/src/state/targets-store');

const BANK = 'https://bank.example:8443';

beforeEach(() => {
  calls.length = 0;
  answers.set('tpp.send', () => ({ id: 'x', request: { url: '', headers: {} } }));
  useTargetsStore.setState({
    view: { targets: [{ id: 't', baseUrl: `${BANK}/psd2` }] } as unknown as TargetsView,
  });
  useComposerStore.setState({ foreignOrigin: undefined, sending: false });
});

const draftTo = (pathTemplate: string) =>
  useComposerStore.getState().loadDraft({ ...emptyDraft(), pathTemplate, sign: true });

describe('the composer and another origin', () => {
  it('tells the origin of an absolute URL that is not the target’s', () => {
    expect(foreignOriginOf('/v1/accounts', BANK)).toBeUndefined();
    expect(foreignOriginOf(`${BANK}/v1/accounts`, `${BANK}/psd2`)).toBeUndefined();
    expect(foreignOriginOf('https://collector.example/v1', BANK)).toEqual({
      origin: 'https://collector.example',
      targetOrigin: BANK,
    });
    // Another port is another origin.
    expect(foreignOriginOf('https://bank.example/v1', BANK)?.origin).toBe('https://bank.example');
  });

  it('asks before sending to another origin and sends only once confirmed, unsigned', async () => {
    draftTo('https://collector.example/v1/accounts');
    await useComposerStore.getState().send('t');
    expect(calls).toEqual([]);
    expect(useComposerStore.getState().foreignOrigin).toEqual({
      origin: 'https://collector.example',
      targetOrigin: BANK,
    });

    await useComposerStore.getState().send('t', true);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.args).toMatchObject({
      targetId: 't',
      request: { path: 'https://collector.example/v1/accounts', sign: false },
      allowForeignOrigin: true,
    });
    expect(useComposerStore.getState().foreignOrigin).toBeUndefined();
  });

  it('Cancel sends nothing; the target’s own origin needs no confirmation', async () => {
    draftTo('https://collector.example/v1/accounts');
    await useComposerStore.getState().send('t');
    useComposerStore.getState().cancelForeignOrigin();
    expect(useComposerStore.getState().foreignOrigin).toBeUndefined();
    expect(calls).toEqual([]);

    draftTo(`${BANK}/psd2/v1/accounts`);
    await useComposerStore.getState().send('t');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.args).not.toHaveProperty('allowForeignOrigin');
    expect(calls[0]!.args).toMatchObject({ request: { sign: true } });
  });
});

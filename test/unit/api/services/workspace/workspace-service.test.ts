/**
 * The composer's workspace in main (workspace-service.ts): variables per target in environments
 * and the open tabs survive a restart of the host (a new services instance on the same folder);
 * what the schema refuses, and an active environment or tab that is not there, is refused naming it;
 * a tab one window closed is not brought back by another window that had not seen the close.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createServices, type Services } from '../../../../../main/api/services';
import type { CallArgs, CallName } from '../../../../../main/api/contract';

let dir: string;
const open: Services[] = [];
afterAll(async () => {
  for (const services of open) await services.dispose();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function call<N extends CallName>(services: Services, name: N, args: CallArgs<N>) {
  return services.dispatch(name, args);
}

const variables = {
  active: 'staging',
  environments: {
    default: { consentId: [{ value: 'c1', from: 'POST /v1/consents' }] },
    staging: { paymentId: [{ value: 'p1', from: 'POST /v1/payments/sepa-credit-transfers' }] },
  },
};

/** A tab's form as the composer keeps a fresh one. */
const emptyDraftView = () => ({
  method: 'POST' as const,
  pathTemplate: '/v1/consents',
  pathParams: {},
  query: [],
  headers: [],
  body: '{}',
  sign: true,
});

describe('the composer workspace', () => {
  it('keeps variables and tabs across a restart', async () => {
    dir = await mkdtemp(join(tmpdir(), 'workspace-'));
    const first = createServices({ kind: 'web', dataDir: dir });
    open.push(first);
    expect(
      await call(first, 'workspace.saveVariables', { targetId: 'embedded-sandbox', variables }),
    ).toMatchObject({ ok: true });
    const tabs = {
      tabs: [
        {
          id: 't1',
          draft: {
            method: 'GET' as const,
            pathTemplate: '/v1/consents/{consentId}',
            pathParams: { consentId: '{{consentId}}' },
            query: [],
            headers: [{ id: 'r1', name: 'Accept', value: 'application/json', enabled: true }],
            body: '',
            sign: true,
          },
          responseId: 'x-1',
        },
      ],
      activeTabId: 't1',
    };
    expect(await call(first, 'workspace.saveTabs', tabs)).toMatchObject({ ok: true });
    await first.dispose();
    open.splice(0);

    const second = createServices({ kind: 'web', dataDir: dir });
    open.push(second);
    expect(await call(second, 'workspace.variables', {})).toMatchObject({
      ok: true,
      result: { 'embedded-sandbox': variables },
    });
    expect(await call(second, 'workspace.tabs', {})).toMatchObject({ ok: true, result: tabs });
  });

  it('refuses what does not hold, naming it', async () => {
    const services = createServices({ kind: 'web' });
    open.push(services);
    const missing = await call(services, 'workspace.saveVariables', {
      targetId: 'embedded-sandbox',
      variables: { active: 'prod', environments: { default: {} } },
    });
    expect(missing.ok).toBe(false);
    if (!missing.ok) expect(missing.error.message).toContain("'prod'");
    const badName = await services.dispatch('workspace.saveVariables', {
      targetId: 'embedded-sandbox',
      variables: { active: 'default', environments: { default: { '1bad name': [] } } },
    });
    expect(badName).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENTS' } });
    const announced: unknown[] = [];
    services.events.subscribe((name, payload) => {
      if (name === 'workspace.tabsChanged') announced.push(payload);
    });
    const tab = await call(services, 'workspace.saveTabs', { tabs: [], activeTabId: 'gone' });
    expect(tab.ok).toBe(false);
    if (!tab.ok) expect(tab.error.message).toContain("'gone'");
    expect(announced).toEqual([]);
  });

  it('announces kept tabs to every window, so all show one tab list', async () => {
    const services = createServices({ kind: 'web' });
    open.push(services);
    const announced: unknown[] = [];
    services.events.subscribe((name, payload) => {
      if (name === 'workspace.tabsChanged') announced.push(payload);
    });
    const tabs = { tabs: [{ id: 't1', draft: emptyDraftView() }], activeTabId: 't1' };
    expect(await call(services, 'workspace.saveTabs', tabs)).toMatchObject({ ok: true });
    expect(announced).toEqual([tabs]);
  });

  it("merges a window's tabs with what another window kept since it looked", async () => {
    const services = createServices({ kind: 'web' });
    open.push(services);
    const typed = { ...emptyDraftView(), pathTemplate: '/v1/consents?typed=elsewhere' };
    // Window 2 typed into t1 at 30 and opened t2 at 35.
    await call(services, 'workspace.saveTabs', {
      tabs: [
        { id: 't1', draft: typed, rev: 30 },
        { id: 't2', draft: emptyDraftView(), rev: 35 },
      ],
      activeTabId: 't2',
      seenAt: 20,
      by: 'window-2',
    });
    // Window 1, which last looked at 25, keeps its stale t1 and a tab of its own.
    const merged = await call(services, 'workspace.saveTabs', {
      tabs: [
        { id: 't1', draft: emptyDraftView(), rev: 10 },
        { id: 't3', draft: emptyDraftView(), rev: 40 },
      ],
      activeTabId: 't3',
      seenAt: 25,
      by: 'window-1',
    });
    expect(merged).toMatchObject({
      ok: true,
      result: {
        tabs: [
          { id: 't1', draft: typed, rev: 30 },
          { id: 't3', rev: 40 },
          { id: 't2', rev: 35 },
        ],
        activeTabId: 't3',
        by: 'window-1',
      },
    });
  });

  it('keeps a tab closed when a window that had not seen the close keeps it, across a restart', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'workbench-tabs-closed-'));
    const services = createServices({ kind: 'web', dataDir: folder });
    open.push(services);
    const both = [
      { id: 't1', draft: emptyDraftView(), rev: 10 },
      { id: 't2', draft: emptyDraftView(), rev: 20 },
    ];
    await call(services, 'workspace.saveTabs', { tabs: both, activeTabId: 't2', seenAt: 5 });
    // Window 1 closes t2.
    await call(services, 'workspace.saveTabs', { tabs: [both[0]!], seenAt: 30, by: 'window-1' });
    // Window 2 last looked at 30, before the close reached it, and keeps both.
    const kept = await call(services, 'workspace.saveTabs', {
      tabs: both,
      activeTabId: 't2',
      seenAt: 30,
      by: 'window-2',
    });
    expect(kept).toMatchObject({ ok: true, result: { tabs: [{ id: 't1' }], activeTabId: 't1' } });
    if (kept.ok) expect(kept.result).not.toHaveProperty('closed');

    await services.dispose();
    const again = createServices({ kind: 'web', dataDir: folder });
    open.push(again);
    const stale = await call(again, 'workspace.saveTabs', { tabs: both, seenAt: 30 });
    expect(stale).toMatchObject({ ok: true, result: { tabs: [{ id: 't1' }] } });
    const shown = await call(again, 'workspace.tabs', {});
    expect(shown).toMatchObject({ ok: true, result: { tabs: [{ id: 't1' }] } });
    if (shown.ok) expect(shown.result).not.toHaveProperty('closed');
    await rm(folder, { recursive: true, force: true });
  });
});

/**
 * Feature stores over a fake contract client: the bank log filters and state tables, history
 * search, the SCA attempt lifecycle, the certificate store's no-double-submit rule, the composer's
 * row edits, and the PSU session's reset (store and status-bar view).
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BankExchangeView, PsuSessionView } from '../../../main/api/contract';
import type { BankMode } from '../../../main/shared/mode.js';

const calls: { name: string; args: unknown }[] = [];
const answers = new Map<string, (args: unknown) => unknown>();
vi.mock('../../../renderer/src/api', () => ({
  api: {
    available: true,
    host: 'web',
    call: async (name: string, args: unknown) => {
      calls.push({ name, args });
      const answer = answers.get(name);
      if (!answer)
        throw Object.assign(new Error(`no answer for ${name}`), {
          error: { code: 'FAILED', message: name },
        });
      return answer(args);
    },
    on: () => () => undefined,
  },
}));
const popups: { url?: string; closed: boolean }[] = [];
vi.mock('../../../renderer/src/state/open-sca', () => ({
  openScaWindow: () => {
    const popup: { url?: string; closed: boolean } = { closed: false };
    popups.push(popup);
    return {
      opened: true,
      show: (url: string) => (popup.url = url),
      close: () => (popup.closed = true),
    };
  },
  hostScaWindow: { opened: true, show: () => undefined, close: () => undefined },
}));

const { filterLog, mergeLog, pollingCount, stateTables, tableTitle, NO_FILTER } =
  await import('../../../renderer/src/lib/log-filter');
const { searchExchanges, useHistoryStore } =
  await import('../../../renderer/src/features/history/store');
const { useScaStore } = await import('../../../renderer/src/state/sca-store');
const { useCertificatesStore } = await import('../../../renderer/src/state/certificates-store');
const { batchSummary, useBankStore } = await import('../../../renderer/src/state/bank-store');
const { useComposerStore } = await import('../../../renderer/src/features/composer/store');
const { composedRequest, emptyDraft, row } =
  await import('../../../renderer/src/features/composer/request-model');
const { useSessionStore } = await import('../../../renderer/src/state/session-store');
const { PsuSessionSummary, newSessionTitle, forgetPsuTitle, shortSessionId } =
  await import('../../../renderer/src/features/session/components/PsuSessionStatus');

beforeEach(() => {
  calls.length = 0;
  answers.clear();
  popups.length = 0;
});

function exchange(
  id: number,
  mode: BankMode,
  status: number,
  target: string,
  rejected = false,
  extra: Partial<BankExchangeView> = {},
): BankExchangeView {
  return {
    id,
    mode,
    receivedAt: `2026-01-01T00:00:0${id}Z`,
    arrivedAt: `2026-05-01T00:00:0${id}Z`,
    ...extra,
    durationMs: 1,
    request: { method: 'GET', target, headers: {}, bodySize: 0 },
    response: { status, headers: {}, body: undefined },
    ...(rejected ? { rejectedBy: { stage: 'signature', rule: 'signature.missing' } } : {}),
  };
}

describe('bank console', () => {
  const log = [
    exchange(1, 'sandbox', 200, '/v1/sandbox/customers'),
    exchange(2, 'production', 400, '/v1/consents', true),
    exchange(3, 'production', 201, '/v1/consents'),
  ];

  it('filters the request log by mode, status class, path text and rejection', () => {
    const ids = (f: Partial<typeof NO_FILTER>) =>
      filterLog(log, { ...NO_FILTER, ...f }).map((e) => e.id);
    expect(ids({})).toEqual([1, 2, 3]);
    expect(ids({ mode: 'production' })).toEqual([2, 3]);
    expect(ids({ statusClass: '4xx' })).toEqual([2]);
    expect(ids({ pathText: 'CONSENTS' })).toEqual([2, 3]);
    expect(ids({ rejectedOnly: true })).toEqual([2]);
  });

  it("hides the workbench's own polling unless asked to show it", () => {
    const withPolling = [
      ...log,
      exchange(4, 'sandbox', 200, '/v1/consents/c/authorisations/a', false, {
        workbenchPoll: true,
      }),
    ];
    expect(filterLog(withPolling, NO_FILTER).map((e) => e.id)).toEqual([1, 2, 3]);
    expect(filterLog(withPolling, { ...NO_FILTER, showPolling: true }).map((e) => e.id)).toEqual([
      1, 2, 3, 4,
    ]);
    expect(pollingCount(withPolling)).toBe(1);
  });

  it('merges both banks’ logs without duplicates, oldest first, bounded', () => {
    const merged = mergeLog([log[0]!], [log[2]!, log[0]!, log[1]!], 2);
    expect(merged.map((e) => e.id)).toEqual([2, 3]);
  });

  it('orders by real arrival, not by the bank clock (a clock set back does not reorder)', () => {
    const before = exchange(7, 'sandbox', 200, '/a', false, {
      receivedAt: '2026-06-01T12:00:00Z',
      arrivedAt: '2026-05-01T10:00:00Z',
    });
    // Arrived later, after the bank clock was moved back a day.
    const after = exchange(8, 'sandbox', 200, '/b', false, {
      receivedAt: '2026-05-31T12:00:05Z',
      arrivedAt: '2026-05-01T10:00:05Z',
    });
    expect(mergeLog([after], [before]).map((e) => e.id)).toEqual([7, 8]);
  });

  it('turns every array of a snapshot state into a table', () => {
    const tables = stateTables({
      state: {
        customers: [
          { customerNumber: '1', name: 'Ola' },
          { customerNumber: '2', type: 'PRIVATE', balances: { booked: 1 } },
        ],
        clockNote: 'not a table',
        consents: [],
      },
    });
    expect(tables.map((t) => t.name)).toEqual(['customers', 'consents']);
    expect(tables[0]!.columns).toEqual(['customerNumber', 'name', 'type', 'balances']);
    expect(tables[0]!.rows[1]).toEqual({
      customerNumber: '2',
      name: '',
      type: 'PRIVATE',
      balances: '{"booked":1}',
    });
    expect(tableTitle('cardAccounts')).toBe('Card accounts');
    expect(stateTables(undefined)).toEqual([]);
  });

  it('runs the payment batch of a mode and says what it settled and rejected', async () => {
    const report = {
      runs: ['2026-01-01T10:30:00.000Z'],
      settled: ['p-1', 'p-2'],
      partial: [],
      rejected: ['p-3'],
      periodicExecutions: [],
      errors: [],
    };
    answers.set('bank.runBatch', () => report);
    answers.set('bank.exportSnapshot', () => ({ snapshot: { state: {} } }));
    await useBankStore.getState().runBatch('sandbox');
    expect(calls[0]).toEqual({ name: 'bank.runBatch', args: { mode: 'sandbox' } });
    expect(useBankStore.getState().busy).toBeUndefined();
    expect(useBankStore.getState().done).toBe(
      'Batch run on the sandbox bank: settled 2 (p-1, p-2), partly settled 0, rejected 1 (p-3).',
    );
    // The tables show the settled payments.
    expect(calls.map((c) => c.name)).toContain('bank.exportSnapshot');
  });

  it('names at most five payments per outcome, and the ones the run could not process', () => {
    const ids = ['a', 'b', 'c', 'd', 'e', 'f'];
    expect(
      batchSummary('production', {
        runs: [],
        settled: ids,
        partial: ['g'],
        rejected: [],
        periodicExecutions: [{ paymentId: 'h', day: '2026-01-01', outcome: 'settled' }],
        errors: [{ paymentId: 'i', message: 'debtor account closed' }],
      }),
    ).toBe(
      'Batch run on the production bank: settled 6 (a, b, c, d, e, …), partly settled 1 (g), ' +
        'rejected 0, standing-order executions 1, not processed 1 (i: debtor account closed).',
    );
  });
});

describe('history', () => {
  it('searches method, URL, status and bodies; a pushed exchange is kept once', () => {
    const base = {
      targetId: 't',
      startedAt: '',
      sent: true,
      headerSources: {},
      timings: { headersMs: 0, totalMs: 0 },
      responseSignature: { status: 'absent' as const },
      curl: '',
    };
    const a = {
      ...base,
      id: 'a',
      request: { method: 'POST', url: 'http://x/v1/consents', headers: {} },
      response: { status: 201, headers: {}, body: '{"consentId":"c-42"}', truncated: false },
    };
    const b = {
      ...base,
      id: 'b',
      request: { method: 'GET', url: 'http://x/v1/accounts', headers: {} },
      error: 'ECONNREFUSED',
    };
    expect(searchExchanges([a, b], 'c-42').map((e) => e.id)).toEqual(['a']);
    expect(searchExchanges([a, b], '201').map((e) => e.id)).toEqual(['a']);
    expect(searchExchanges([a, b], 'econnrefused').map((e) => e.id)).toEqual(['b']);
    expect(searchExchanges([a, b], ' ').map((e) => e.id)).toEqual(['a', 'b']);
    useHistoryStore.getState().received(a);
    useHistoryStore.getState().received(a);
    expect(useHistoryStore.getState().exchanges).toHaveLength(1);
  });
});

describe('SCA attempt', () => {
  it('opens the window in the click, sends it to the scaRedirect, and closes it on the redirect', async () => {
    answers.set('sca.begin', () => ({
      id: 'attempt-1',
      targetId: 't',
      url: 'http://bank/sca/1',
      tppSessionId: 's',
      startedAt: '',
    }));
    answers.set('tpp.follow', () => ({ response: { json: { scaStatus: 'FINALISED' } } }));
    await useScaStore.getState().begin('t', '/sca/1');
    expect(popups).toEqual([{ url: 'http://bank/sca/1', closed: false }]);
    expect(useScaStore.getState().attempt?.id).toBe('attempt-1');

    // A redirect for an older attempt does not count.
    useScaStore.getState().received({
      attemptId: 'other',
      redirect: { outcome: 'failure', query: {}, receivedAt: '', problems: [] },
    });
    expect(useScaStore.getState().outcome).toBeUndefined();

    useScaStore.getState().received({
      attemptId: 'attempt-1',
      targetId: 't',
      redirect: {
        outcome: 'success',
        psuId: 'p',
        tppSessionId: 's',
        context: 'PRIVATE',
        query: {},
        receivedAt: '',
        problems: [],
      },
    });
    expect(useScaStore.getState().outcome).toMatchObject({ outcome: 'success', psuId: 'p' });
    // Left open on the redirect page, which shows the parameters (§6.1).
    expect(popups[0]!.closed).toBe(false);
  });

  it('closes the window and shows the error when main refuses the SCA', async () => {
    await useScaStore.getState().begin('t', 'ftp://x');
    expect(popups[0]!.closed).toBe(true);
    expect(useScaStore.getState().error).toBeDefined();
  });
});

describe('certificates store', () => {
  it('runs one long operation at a time (no double submit) and reports progress as it ends', async () => {
    let finish: (value: unknown) => void = () => undefined;
    answers.set('certs.createCa', () => new Promise((resolve) => (finish = resolve)));
    const args = { commonName: 'CA', organizationName: 'O', countryName: 'NO' };
    const first = useCertificatesStore.getState().createCa(args);
    const second = useCertificatesStore.getState().createCa(args);
    expect(await second).toBe(false);
    expect(useCertificatesStore.getState().busy).toBe('Creating the test CA');
    finish({
      handle: 'h',
      label: 'CA',
      createdAt: '',
      kind: 'ca',
      hasPrivateKey: true,
      certificates: [],
    });
    expect(await first).toBe(true);
    expect(calls.filter((c) => c.name === 'certs.createCa')).toHaveLength(1);
    expect(useCertificatesStore.getState()).toMatchObject({
      busy: undefined,
      done: 'Created “CA”.',
      selected: 'h',
    });
  });
});

describe('composer rows', () => {
  it('ticks an optional row typed into, and keeps a row unticked by hand off', () => {
    const limit = row('limit', '', false, 'optional');
    const header = row('PSU-IP-Address', '', false);
    useComposerStore.getState().loadDraft({
      ...emptyDraft(),
      method: 'GET',
      pathTemplate: '/v1/sandbox/customers',
      query: [limit],
      headers: [header],
    });
    const { updateRow } = useComposerStore.getState();
    updateRow('query', limit.id, { value: '2' });
    updateRow('headers', header.id, { value: '192.0.2.7' });
    expect(composedRequest(useComposerStore.getState().draft)).toMatchObject({
      query: { limit: '2' },
      headers: { 'PSU-IP-Address': '192.0.2.7' },
    });

    updateRow('query', limit.id, { enabled: false });
    updateRow('query', limit.id, { name: 'limit' });
    expect(useComposerStore.getState().draft.query[0]).toMatchObject({
      value: '2',
      enabled: false,
    });
    expect(composedRequest(useComposerStore.getState().draft).query).toBeUndefined();

    updateRow('query', limit.id, { value: '25' });
    expect(composedRequest(useComposerStore.getState().draft).query).toEqual({ limit: '25' });
  });
});

describe('PSU session', () => {
  const identified: PsuSessionView = {
    targetId: 'embedded-sandbox',
    tppSessionId: '11111111-1111-4111-8111-111111111111',
    tppRedirectUri: 'http://127.0.0.1:1/sca/return',
    psuId: '22222222-2222-4222-8222-222222222222',
    psuCorporateId: 'agreement-1',
    context: 'CORPORATE',
    scaCompletedAt: '2026-01-01T10:00:00.000Z',
  };
  const fresh: PsuSessionView = {
    targetId: 'embedded-sandbox',
    tppSessionId: '33333333-3333-4333-8333-333333333333',
    tppRedirectUri: 'http://127.0.0.1:1/sca/return',
  };
  const target = { id: 'embedded-sandbox', name: 'Embedded bank (sandbox)' };
  /** The status bar's PSU area as it renders the store's state for the target. */
  const statusBar = (props: {
    target?: typeof target;
    lastReset?: 'same-psu' | 'forget';
    undoable?: boolean;
  }) => {
    const { sessions, error } = useSessionStore.getState();
    return renderToStaticMarkup(
      createElement(PsuSessionSummary, {
        ...props,
        session: props.target ? sessions[props.target.id] : undefined,
        error,
        busy: false,
        undoable: props.undoable ?? false,
        onNewSession: () => undefined,
        onForget: () => undefined,
        onUndo: () => undefined,
      }),
    );
  };

  beforeEach(() => {
    useSessionStore.setState({ sessions: { 'embedded-sandbox': identified }, error: undefined });
  });

  it('resets the target’s session: new TPP-Session-ID, no PSU; undo brings it back', async () => {
    answers.set('session.reset', () => fresh);
    answers.set('session.bankView', () => ({ targetId: 'embedded-sandbox', tppSessionId: 'x' }));
    expect(await useSessionStore.getState().reset('embedded-sandbox')).toBe(true);
    expect(calls[0]).toEqual({ name: 'session.reset', args: { targetId: 'embedded-sandbox' } });
    expect(useSessionStore.getState().sessions['embedded-sandbox']).toEqual(fresh);
    expect(useSessionStore.getState().error).toBeUndefined();
    expect(useSessionStore.getState().undoable['embedded-sandbox']).toBe(true);

    answers.set('session.undoReset', () => identified);
    expect(await useSessionStore.getState().undoReset('embedded-sandbox')).toBe(true);
    expect(useSessionStore.getState().sessions['embedded-sandbox']).toEqual(identified);
    expect(useSessionStore.getState().undoable['embedded-sandbox']).toBe(false);
  });

  it('asks main for a new session of the same PSU', async () => {
    answers.set('session.reset', () => ({ ...fresh, psuId: identified.psuId }));
    await useSessionStore.getState().reset('embedded-sandbox', 'psu');
    expect(calls[0]).toEqual({
      name: 'session.reset',
      args: { targetId: 'embedded-sandbox', keep: 'psu' },
    });
  });

  it('keeps the session and says why when main refuses the reset', async () => {
    expect(await useSessionStore.getState().reset('embedded-sandbox')).toBe(false);
    expect(useSessionStore.getState().sessions['embedded-sandbox']).toEqual(identified);
    expect(useSessionStore.getState().error).toBeDefined();
    expect(statusBar({ target })).toContain('data-testid="status-psu-error"');
  });

  it('shows the PSU and TPP-Session-ID in the status bar, and no PSU after a reset', async () => {
    const before = statusBar({ target });
    expect(before).toContain(`data-testid="status-psu-id">${identified.psuId}<`);
    expect(before).toContain(`data-session-id="${identified.tppSessionId}"`);
    expect(before).toContain('>11111111…<');
    expect(before).not.toContain('PSU forgotten');
    expect(before).not.toContain('status-undo-reset');
    expect(before).toMatch(/<button[^>]*data-testid="status-new-tpp-session"/);
    expect(before).not.toMatch(/<button[^>]*disabled[^>]*>New TPP session/);
    expect(before).not.toMatch(/<button[^>]*disabled[^>]*>Forget PSU/);
    const title = newSessionTitle(target.name);
    expect(before).toContain(`title="${title}"`);
    expect(title).toContain('new TPP-Session-ID for the same PSU');
    expect(forgetPsuTitle(target.name)).toContain('PSU-ID');

    answers.set('session.reset', () => fresh);
    await useSessionStore.getState().reset('embedded-sandbox');
    const after = statusBar({ target, lastReset: 'forget', undoable: true });
    expect(after).toContain('PSU forgotten');
    expect(after).toMatch(/<button[^>]*data-testid="status-undo-reset"[^>]*>Undo/);
    // Nothing left to forget.
    expect(after).toMatch(/<button[^>]*disabled=""[^>]*>Forget PSU/);
    expect(after).not.toContain('status-psu-id');
    expect(after).not.toContain('status-psu-corporate-id');
    expect(after).toContain('not identified yet');
    expect(after).toContain(`data-session-id="${fresh.tppSessionId}"`);
  });

  it('offers no reset without a target', () => {
    // "TPP " is a label the bar drops below 1280 px.
    expect(statusBar({})).toMatch(
      /<button[^>]*disabled=""[^>]*>New <span class="status-label">TPP <\/span>session/,
    );
    expect(shortSessionId('short')).toBe('short');
  });
});

describe('the section the workbench opens on', () => {
  it('is the ?view= of its address when that is a section, else the composer', async () => {
    const { sectionFromSearch } = await import('../../../renderer/src/app/shell-store');
    expect(sectionFromSearch('?view=runner')).toBe('runner');
    expect(sectionFromSearch('?view=nowhere')).toBe('composer');
    expect(sectionFromSearch('')).toBe('composer');
  });
});

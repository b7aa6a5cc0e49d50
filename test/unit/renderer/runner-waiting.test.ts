/**
 * The Runner with target profiles, over a fake contract client: the picker lists the profiles
 * (one that does not read cannot be chosen), a run against a profile sends no fault profiles, and
 * a check waiting for manual SCA is in the run's summary, its SCA window opened on the bank's link
 * and closed when the check resumes.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RunSummaryView, TargetsView } from '../../../main/api/contract';
import type { BankMode } from '../../../main/shared/mode';
import { answers, calls } from './fake-api.js';

vi.mock('../../../renderer/src/api', () => import('./fake-api.js').then((m) => m.fakeApiModule));
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

const { useRunnerStore } = await import('../../../renderer/src/features/runner/store');
const { useTargetsStore } = await import('../../../renderer/src/state/targets-store');
const { runTargetOptions, modeOfRunTarget } =
  await import('../../../renderer/src/features/runner/run-targets');
const { openWaitingSca, waitingKey } =
  await import('../../../renderer/src/features/runner/waiting-sca');

const view: TargetsView = {
  readOrder: 1,
  activeTargetId: 'profile-prod',
  targets: [
    embeddedTarget('sandbox'),
    embeddedTarget('production'),
    {
      id: 'external-1',
      kind: 'external',
      name: 'By hand',
      mode: 'sandbox',
      baseUrl: 'https://hand.example',
      defaultHeaders: {},
    },
    {
      id: 'profile-prod',
      kind: 'profile',
      name: 'Prod bank',
      mode: 'production',
      baseUrl: 'https://bank.example',
      defaultHeaders: {},
      profilePath: '/p/prod.json',
    },
  ],
  profiles: [
    {
      id: 'profile-prod',
      path: '/p/prod.json',
      ok: true,
      name: 'Prod bank',
      baseUrl: 'https://bank.example',
      mode: 'production',
      scaMode: 'manual',
      problems: [],
    },
    { id: 'profile-broken', path: '/p/broken.json', ok: false, problems: ['/signing: Expected'] },
  ],
};

function embeddedTarget(mode: BankMode): TargetsView['targets'][number] {
  const name = `Embedded bank (${mode})`;
  return { id: `embedded-${mode}`, kind: 'embedded', name, mode, defaultHeaders: {} };
}

const summary: RunSummaryView = {
  runId: 'run-1',
  targetId: 'profile-prod',
  target: 'Prod bank',
  mode: 'production',
  startedAt: '2026-01-01T00:00:00.000Z',
  finished: false,
  waiting: [],
};

const waiting = {
  checkId: 'CONSENT-X',
  checkTitle: 'consent',
  scaRedirect: 'https://bank.example/sca/1',
  instructions: 'log in as 1, then confirm',
  deadline: '2026-01-01T00:05:00.000Z',
};

beforeEach(() => {
  calls.length = 0;
  answers.clear();
  popups.length = 0;
  useTargetsStore.setState({ view });
});

describe('runner targets', () => {
  it('lists the one list of targets; an external target and a broken profile cannot run', () => {
    const options = runTargetOptions(view);
    expect(options.map((o) => [o.id, o.unusable !== undefined])).toEqual([
      ['embedded-sandbox', false],
      ['embedded-production', false],
      ['external-1', true],
      ['profile-prod', false],
      ['profile-broken', true],
    ]);
    expect(options[2]!.unusable).toContain('needs a target profile');
    expect(options[3]!.label).toBe('Profile: Prod bank — https://bank.example (production)');
    expect(options[4]!.unusable).toBe('the profile does not read: /signing: Expected');
    expect(modeOfRunTarget(options, 'profile-prod')).toBe('production');
    expect(modeOfRunTarget(options, 'embedded-sandbox')).toBe('sandbox');
  });

  it('starts a run against a profile without fault profiles', async () => {
    answers.set('runner.start', () => ({ runId: 'run-1' }));
    answers.set('runner.list', () => [summary]);
    useRunnerStore.setState({
      options: {
        concurrency: 2,
        timeoutMs: 30_000,
        faultProfiles: ['SIGN-INVALID-400'],
      },
    });
    await useRunnerStore.getState().start('all');
    expect(calls.find((c) => c.name === 'runner.start')?.args).toEqual({
      target: 'profile-prod',
      concurrency: 2,
      timeoutMs: 30_000,
    });
    expect(useRunnerStore.getState().runs).toEqual([summary]);
  });

  it('runs against the active target, whichever view chose it', async () => {
    answers.set('runner.start', () => ({ runId: 'run-2' }));
    answers.set('runner.list', () => []);
    useRunnerStore.setState({ activeRunId: undefined });
    useTargetsStore.setState({ view: { ...view, activeTargetId: 'embedded-production' } });
    await useRunnerStore.getState().start('all');
    expect(calls.find((c) => c.name === 'runner.start')?.args).toMatchObject({
      target: 'embedded-production',
    });
  });

  it('does not start against a target a run cannot use, and says why', async () => {
    useRunnerStore.setState({ activeRunId: undefined, error: undefined });
    useTargetsStore.setState({ view: { ...view, activeTargetId: 'external-1' } });
    await useRunnerStore.getState().start('all');
    expect(calls.some((c) => c.name === 'runner.start')).toBe(false);
    expect(String(useRunnerStore.getState().error)).toContain(
      'External: By hand — https://hand.example (sandbox) cannot run: a run needs a target profile',
    );
  });
});

describe('a check waiting for manual SCA', () => {
  it('is in the summary at once, its SCA window opens on the link and closes on resume', () => {
    useRunnerStore.setState({ runs: [summary] });
    const store = useRunnerStore.getState();
    store.receivedEvent({
      runId: 'run-1',
      event: { type: 'check:waiting', runId: 'run-1', checkId: 'CONSENT-X', waiting },
    });
    expect(useRunnerStore.getState().runs[0]!.waiting).toEqual([waiting]);

    expect(openWaitingSca(waitingKey('run-1', 'CONSENT-X'), waiting.scaRedirect)).toBe(true);
    expect(popups).toEqual([{ url: waiting.scaRedirect, closed: false }]);

    // Another run's resume leaves this one alone.
    store.receivedEvent({
      runId: 'run-2',
      event: { type: 'check:resumed', runId: 'run-2', checkId: 'CONSENT-X' },
    });
    expect(useRunnerStore.getState().runs[0]!.waiting).toEqual([waiting]);
    expect(popups[0]!.closed).toBe(false);

    store.receivedEvent({
      runId: 'run-1',
      event: { type: 'check:resumed', runId: 'run-1', checkId: 'CONSENT-X' },
    });
    expect(useRunnerStore.getState().runs[0]!.waiting).toEqual([]);
    expect(popups[0]!.closed).toBe(true);
  });
});

/**
 * The Runner store's review (renderer/src/features/runner/review-actions.ts): Pass or Fail on a
 * check of the viewed run goes to main as runner.review, and the run's result is read anew so the
 * view shows the decision at once; another window told by runner.finished reads it too.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RunResult, RunSummaryView } from '../../../../../main/api/contract';
import { answers, calls } from '../../fake-api.js';

vi.mock('../../../../../renderer/src/api', () =>
  import('../../fake-api.js').then((m) => m.fakeApiModule),
);

const { useRunnerStore } = await import('../../../../../renderer/src/features/runner/store');
const { newProgress } = await import('../../../../../renderer/src/features/runner/run-progress');

const COUNTS = { PASS: 0, FAIL: 0, WARNING: 0, SKIPPED: 0, INCONCLUSIVE: 0, REVIEW: 0 };
const summary = (counts: Partial<typeof COUNTS>): RunSummaryView => ({
  runId: 'run-1',
  target: 'embedded bank (sandbox)',
  mode: 'sandbox',
  startedAt: '2026-01-01T10:00:00.000Z',
  finished: true,
  counts: { ...COUNTS, ...counts },
});
const result = (status: string, review?: object) =>
  ({
    runId: 'run-1',
    counts: { total: 1, ...COUNTS, [status]: 1 },
    checks: [{ checkId: 'SHOWN', status, ...(review ? { review } : {}) }],
  }) as unknown as RunResult;

const decided = result('FAIL', { decision: 'FAIL', note: 'not ticked', at: '2026-01-01T11:00Z' });

beforeEach(() => {
  calls.length = 0;
  answers.clear();
  answers.set('runner.review', () => summary({ FAIL: 1 }));
  answers.set('runner.result', () => decided);
  const awaiting = result('REVIEW');
  useRunnerStore.setState({
    runs: [summary({ REVIEW: 1 })],
    // A run followed live: the view reads its checks from the progress.
    progress: {
      'run-1': {
        ...newProgress('run-1'),
        finished: true,
        result: awaiting,
        results: awaiting.checks,
      },
    },
    results: {},
    viewedRunId: 'run-1',
    openCheckId: 'SHOWN',
    busy: undefined,
  });
});

describe('reviewing a check', () => {
  it('sends the decision and note, and shows the decided check with the new counts', async () => {
    await useRunnerStore.getState().reviewCheck('SHOWN', 'FAIL', 'not ticked');
    expect(calls[0]).toEqual({
      name: 'runner.review',
      args: { runId: 'run-1', checkId: 'SHOWN', decision: 'FAIL', note: 'not ticked' },
    });
    const state = useRunnerStore.getState();
    expect(state.progress['run-1']!.results[0]).toMatchObject({
      status: 'FAIL',
      review: { note: 'not ticked' },
    });
    expect(state.runs[0]!.counts).toMatchObject({ FAIL: 1, REVIEW: 0 });
    expect(state.openCheckId).toBe('SHOWN');
    expect(state.error).toBeUndefined();
  });

  it('keeps a refusal as the error and the check as it was', async () => {
    answers.set('runner.review', () => {
      throw new Error('Run run-1: check SHOWN does not await review');
    });
    await useRunnerStore.getState().reviewCheck('SHOWN', 'PASS', '');
    const state = useRunnerStore.getState();
    expect(String(state.error)).toMatch(/does not await review/);
    expect(state.progress['run-1']!.results[0]!.status).toBe('REVIEW');
  });

  it('reads the decision anew when another window reviewed the run', async () => {
    useRunnerStore.getState().receivedFinished(summary({ FAIL: 1 }));
    await vi.waitFor(() =>
      expect(useRunnerStore.getState().progress['run-1']!.results[0]!.status).toBe('FAIL'),
    );
    expect(useRunnerStore.getState().runs[0]!.counts).toMatchObject({ FAIL: 1 });
  });
});

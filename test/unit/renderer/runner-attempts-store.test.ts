/**
 * The Runner store when a re-run of failed checks ends: the attempt leaves the run list, the run it
 * belongs to is shown again with its
 * merged result fetched anew, and stale progress of that run no longer hides the new verdicts.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RunResult, RunSummaryView } from '../../../main/api/contract';
import { answers, calls } from './fake-api.js';

vi.mock('../../../renderer/src/api', () => import('./fake-api.js').then((m) => m.fakeApiModule));

const { useRunnerStore } = await import('../../../renderer/src/features/runner/store');
const { newProgress } = await import('../../../renderer/src/features/runner/run-progress');
const { runLabel } = await import('../../../renderer/src/features/runner/components/ResultsList');

const summary = (runId: string, extra: Partial<RunSummaryView> = {}): RunSummaryView => ({
  runId,
  target: 'embedded bank (sandbox)',
  mode: 'sandbox',
  startedAt: '2026-01-01T10:00:00.000Z',
  finished: true,
  counts: { PASS: 1, FAIL: 1, WARNING: 0, SKIPPED: 0, INCONCLUSIVE: 0, REVIEW: 0 },
  ...extra,
});

const merged = { runId: '1a2b3c4d-0001', checks: [{ checkId: 'A', status: 'PASS', attempt: 2 }] };

beforeEach(() => {
  calls.length = 0;
  answers.clear();
  answers.set('runner.result', () => merged);
  useRunnerStore.setState({
    runs: [
      summary('1a2b3c4d-0001'),
      summary('attempt-2', { finished: false, attemptOf: { runId: '1a2b3c4d-0001', attempt: 2 } }),
    ],
    // What the view followed live of the first attempt: it must not hide the merged result.
    progress: {
      '1a2b3c4d-0001': { ...newProgress('1a2b3c4d-0001'), finished: true },
      'attempt-2': newProgress('attempt-2'),
    },
    results: {},
    viewedRunId: 'attempt-2',
    activeRunId: 'attempt-2',
  });
});

describe('an attempt ending', () => {
  it('shows its run again with the merged result, and leaves the run list', async () => {
    useRunnerStore
      .getState()
      .receivedFinished(
        summary('attempt-2', { attemptOf: { runId: '1a2b3c4d-0001', attempt: 2 } }),
      );
    useRunnerStore.getState().receivedFinished(
      summary('1a2b3c4d-0001', {
        attempts: 2,
        counts: { PASS: 2, FAIL: 0, WARNING: 0, SKIPPED: 0, INCONCLUSIVE: 0, REVIEW: 0 },
      }),
    );
    await vi.waitFor(() =>
      expect(useRunnerStore.getState().results['1a2b3c4d-0001']).toBeDefined(),
    );
    const state = useRunnerStore.getState();
    expect(state.viewedRunId).toBe('1a2b3c4d-0001');
    expect(state.activeRunId).toBeUndefined();
    expect(state.runs.map((r) => r.runId)).toEqual(['1a2b3c4d-0001']);
    expect(state.progress['1a2b3c4d-0001']).toBeUndefined();
    expect(calls).toEqual([{ name: 'runner.result', args: { runId: '1a2b3c4d-0001' } }]);
    expect(state.results['1a2b3c4d-0001']).toEqual(merged as unknown as RunResult);
    expect(runLabel(state.runs[0]!)).toContain('2 attempts');
  });

  it('labels a re-run while it runs as an attempt of its run', () => {
    expect(
      runLabel(
        summary('attempt-2', {
          finished: false,
          counts: undefined,
          attemptOf: { runId: '1a2b3c4d-0001', attempt: 2 },
        }),
      ),
    ).toContain('attempt 2 of 1a2b3c4d');
  });
});

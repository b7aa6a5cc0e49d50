/** The Runner's live progress: events reduced per batch, the finish, and the event batcher. */
import { describe, expect, it } from 'vitest';
import type { RunnerEvent } from '../../../../../main/api/contract';
import {
  elapsedMs,
  finishProgress,
  progressFraction,
  reduceRunEvents,
} from '../../../../../renderer/src/features/runner/run-progress';
import {
  createBatcher,
  type Scheduler,
} from '../../../../../renderer/src/features/runner/event-batcher';
import type { CheckResult, RunResult } from '../../../../../main/shared/run-result';

const target = { baseUrl: 'http://127.0.0.1', mode: 'sandbox' as const, hasSandboxApi: true };

function result(checkId: string, status: CheckResult['status']): CheckResult {
  return {
    checkId,
    title: checkId,
    area: 'signing',
    rules: [],
    tags: [],
    status,
    durationMs: 5,
    warnings: [],
    evidence: [],
  };
}

const ev = (runId: string, event: Record<string, unknown>) =>
  ({ runId, event: { runId, ...event } }) as unknown as RunnerEvent;
const begin = (runId: string, checkCount: number) =>
  ev(runId, { type: 'run:begin', startedAt: '2026-04-01T12:00:00.000Z', checkCount, target });
const checkBegin = (runId: string, checkId: string) =>
  ev(runId, {
    type: 'check:begin',
    checkId,
    title: checkId,
    area: 'signing',
    rules: [],
    startedAt: '2026-04-01T12:00:01.000Z',
  });
const checkEnd = (runId: string, checkId: string, status: CheckResult['status']) =>
  ev(runId, { type: 'check:end', checkId, status, durationMs: 5, result: result(checkId, status) });

describe('reduceRunEvents', () => {
  it('counts by status, keeps the running checks, and moves the bar', () => {
    let runs = reduceRunEvents({}, [
      begin('r1', 4),
      ev('r1', { type: 'suite:begin', area: 'signing', checkIds: [] }),
      checkBegin('r1', 'A'),
      checkBegin('r1', 'B'),
      checkBegin('r1', 'C'),
    ]);
    expect(runs.r1!.running.map((r) => r.checkId)).toEqual(['A', 'B', 'C']);
    expect(runs.r1!.currentArea).toBe('signing');
    expect(progressFraction(runs.r1!)).toBe(0);

    runs = reduceRunEvents(runs, [checkEnd('r1', 'A', 'PASS'), checkEnd('r1', 'B', 'FAIL')]);
    const r1 = runs.r1!;
    expect(r1.running.map((r) => r.checkId)).toEqual(['C']);
    expect(r1.results.map((r) => r.checkId)).toEqual(['A', 'B']);
    expect(r1.counts).toEqual({
      total: 2,
      PASS: 1,
      FAIL: 1,
      WARNING: 0,
      SKIPPED: 0,
      INCONCLUSIVE: 0,
      REVIEW: 0,
    });
    expect(progressFraction(r1)).toBe(0.5);
    expect(r1.finished).toBe(false);
  });

  it('ignores a repeated check:end and keeps other runs untouched (same object)', () => {
    const first = reduceRunEvents({}, [
      begin('r1', 1),
      begin('r2', 2),
      checkEnd('r2', 'X', 'PASS'),
    ]);
    const second = reduceRunEvents(first, [
      checkEnd('r2', 'X', 'PASS'),
      checkEnd('r2', 'Y', 'WARNING'),
    ]);
    expect(second.r1).toBe(first.r1);
    expect(second.r2!.counts).toMatchObject({ total: 2, PASS: 1, WARNING: 1 });
    expect(reduceRunEvents(second, [])).toBe(second);
  });

  it('takes the whole result from run:end, cancelled checks included, and then stops', () => {
    const full: RunResult = {
      format: 'psd2-workbench/run-result',
      formatVersion: 4,
      runId: 'r1',
      startedAt: '2026-04-01T12:00:00.000Z',
      finishedAt: '2026-04-01T12:00:03.000Z',
      durationMs: 3000,
      target,
      cancelled: true,
      counts: { total: 2, PASS: 1, FAIL: 0, WARNING: 0, SKIPPED: 1, INCONCLUSIVE: 0, REVIEW: 0 },
      checks: [result('A', 'PASS'), result('B', 'SKIPPED')],
    };
    let runs = reduceRunEvents({}, [
      begin('r1', 2),
      checkBegin('r1', 'A'),
      checkEnd('r1', 'A', 'PASS'),
    ]);
    runs = reduceRunEvents(runs, [
      ev('r1', {
        type: 'run:end',
        counts: full.counts,
        durationMs: 3000,
        cancelled: true,
        result: full,
      }),
      checkEnd('r1', 'late', 'FAIL'),
    ]);
    const r1 = runs.r1!;
    expect(r1.finished).toBe(true);
    expect(r1.cancelled).toBe(true);
    expect(r1.results.map((r) => `${r.checkId}:${r.status}`)).toEqual(['A:PASS', 'B:SKIPPED']);
    expect(r1.counts.SKIPPED).toBe(1);
    expect(progressFraction(r1)).toBe(1);
    expect(elapsedMs(r1, Date.parse('2030-01-01'))).toBe(3000);
  });

  it('measures elapsed time from run:begin while the run runs', () => {
    const runs = reduceRunEvents({}, [begin('r1', 3)]);
    expect(elapsedMs(runs.r1!, Date.parse('2026-04-01T12:00:02.500Z'))).toBe(2500);
  });

  it('marks a run that could not complete as finished, with the reason', () => {
    const runs = finishProgress(reduceRunEvents({}, [begin('r1', 3)]), {
      runId: 'r1',
      target: 'embedded bank (sandbox)',
      mode: 'sandbox',
      startedAt: '2026-04-01T12:00:00.000Z',
      finished: true,
      error: 'The run could not complete: no certificates',
    });
    expect(runs.r1).toMatchObject({ finished: true, error: expect.stringContaining('could not') });
    expect(runs.r1!.running).toEqual([]);
  });
});

describe('createBatcher', () => {
  function manualScheduler() {
    const pending: (() => void)[] = [];
    const scheduler: Scheduler = {
      set: (callback) => pending.push(callback),
      clear: () => pending.splice(0),
    };
    return { scheduler, pending };
  }

  it('delivers what arrived during an interval as one batch', () => {
    const { scheduler, pending } = manualScheduler();
    const batches: number[][] = [];
    const batcher = createBatcher<number>((items) => batches.push(items), 150, scheduler);
    for (let i = 0; i < 200; i += 1) batcher.push(i);
    expect(batches).toEqual([]);
    expect(pending).toHaveLength(1);
    pending.shift()!();
    expect(batches).toHaveLength(1);
    expect(batches[0]).toHaveLength(200);
    batcher.push(200);
    expect(pending).toHaveLength(1);
  });

  it('flushes at once on demand, and never delivers an empty batch', () => {
    const { scheduler, pending } = manualScheduler();
    const batches: number[][] = [];
    const batcher = createBatcher<number>((items) => batches.push(items), 150, scheduler);
    batcher.flushNow();
    batcher.push(1);
    batcher.flushNow();
    expect(batches).toEqual([[1]]);
    expect(pending).toHaveLength(0);
  });
});

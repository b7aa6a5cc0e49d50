/**
 * runner.review through the contract (main/api/services/runner/runner-service.ts): the decision is
 * kept in the session's run, the counts follow and every view is told; what cannot be decided is
 * refused naming it.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createServices, type Services } from '../../../../../main/api/services';
import type { CallOutcome, RunSummaryView } from '../../../../../main/api/contract';
import { serializeRunResult, type RunResult } from '../../../../../main/core/runner/index';
import { resultWith } from '../../../runner/fakes';

let services: Services;
beforeEach(() => {
  services = createServices({ kind: 'web' });
});
afterEach(() => services.dispose());

async function ok<T>(outcome: Promise<CallOutcome>): Promise<T> {
  const result = await outcome;
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.result as T;
}

async function refusal(outcome: Promise<CallOutcome>): Promise<string> {
  const result = await outcome;
  if (result.ok) throw new Error('the call was not refused');
  return [result.error.code, result.error.message, ...(result.error.details ?? [])].join(' | ');
}

/** A run of this session with one check awaiting review and one judged by the machine. */
async function runAwaitingReview(): Promise<string> {
  const run = resultWith({ SHOWN: 'REVIEW', MACHINE: 'PASS' });
  await ok(services.dispatch('runner.import', { json: serializeRunResult(run) }));
  return run.runId;
}

describe('runner.review', () => {
  it('keeps the decision and the note in the run, recounts, and tells the views', async () => {
    const runId = await runAwaitingReview();
    const told: RunSummaryView[] = [];
    services.events.subscribe((name, payload) => {
      if (name === 'runner.finished') told.push(payload as RunSummaryView);
    });
    const summary = await ok<RunSummaryView>(
      services.dispatch('runner.review', {
        runId,
        checkId: 'SHOWN',
        decision: 'FAIL',
        note: 'the accounts are not ticked',
      }),
    );
    expect(summary.counts).toMatchObject({ REVIEW: 0, FAIL: 1, PASS: 1 });
    expect(told.map((view) => view.counts?.FAIL)).toEqual([1]);
    const result = await ok<RunResult>(services.dispatch('runner.result', { runId }));
    expect(result.checks.find((check) => check.checkId === 'SHOWN')).toMatchObject({
      status: 'FAIL',
      review: { decision: 'FAIL', note: 'the accounts are not ticked' },
    });
    const list = await ok<RunSummaryView[]>(services.dispatch('runner.list', {}));
    expect(list.find((view) => view.runId === runId)?.counts).toMatchObject({ FAIL: 1 });
  });

  it('refuses an unknown run or check, a machine verdict and a decision other than PASS or FAIL', async () => {
    const runId = await runAwaitingReview();
    const review = (args: Record<string, unknown>) =>
      refusal(
        services.dispatch('runner.review', {
          runId,
          checkId: 'SHOWN',
          decision: 'PASS',
          note: '',
          ...args,
        }),
      );
    expect(await review({ runId: 'no-such-run' })).toMatch(/There is no run no-such-run/);
    expect(await review({ checkId: 'NOPE' })).toMatch(/has no check "NOPE"/);
    expect(await review({ checkId: 'MACHINE' })).toMatch(
      /MACHINE does not await review: it is PASS/,
    );
    expect(await review({ decision: 'WARNING' })).toMatch(/INVALID_ARGUMENTS.*\/decision/);
    expect(await review({ note: 'x'.repeat(2001) })).toMatch(/INVALID_ARGUMENTS.*\/note/);
    const result = await ok<RunResult>(services.dispatch('runner.result', { runId }));
    expect(result.counts).toMatchObject({ REVIEW: 1, PASS: 1 });
  });
});

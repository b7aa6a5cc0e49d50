/** The JSON result as exported: the run's record, saying when the bank was broken on purpose. */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { jsonReporter, renderJsonResult } from '../../../../main/core/runner/reporters/json';
import { parseRunResult } from '../../../../main/core/runner/results/result-file';
import { runnerRun } from './runner-run';

describe('JSON result of a Runner run with a fault profile on', () => {
  it('carries the fault notice beside the target, environment and selection the run had', () => {
    const meta = parseRunResult(renderJsonResult(runnerRun())).meta!;
    expect(meta.target).toMatchObject({
      kind: 'embedded',
      label: 'embedded bank (sandbox)',
      environment: 'customer-b',
      faultProfiles: ['SIGN-INVALID-400'],
    });
    expect(meta.target.faultNotice).toMatch(
      /^Deliberately broken bank\. The embedded bank ran with fault profile SIGN-INVALID-400 on/,
    );
    expect(meta.selection.checkIds).toEqual(['SIGN-GOOD', 'SIGN-INVALID-SIGNATURE-400']);
  });

  it('writes the same text as the JSON reporter, and no notice for a bank without faults', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wb-json-'));
    const run = runnerRun();
    await jsonReporter({ outputDir: dir }).onRunEnd!({
      type: 'run:end',
      runId: run.runId,
      counts: run.counts,
      durationMs: run.durationMs,
      cancelled: false,
      result: run,
    });
    expect(readFileSync(join(dir, 'run-result.json'), 'utf8')).toBe(renderJsonResult(run));

    const { faultProfiles: _none, ...healthy } = run.meta!.target;
    const meta = parseRunResult(
      renderJsonResult({ ...run, meta: { ...run.meta!, target: healthy } }),
    ).meta!;
    expect(meta.target.faultNotice).toBeUndefined();
  });
});

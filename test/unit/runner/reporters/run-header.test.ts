/**
 * The one header the three report formats take the target, environment, selection and faults
 * from: in the Runner's words for a run started there, in the command line's for the others.
 */
import { describe, expect, it } from 'vitest';
import { faultNotice, runHeader } from '../../../../main/core/runner/reporters/run-header';
import type { RunMetadata } from '../../../../main/shared/run-result';
import { RUNNER_META, runnerRun } from './runner-run';

function withMeta(change: (meta: RunMetadata) => RunMetadata) {
  const run = runnerRun();
  return runHeader({ ...run, meta: change(run.meta!) });
}

describe('runHeader', () => {
  it('a Runner run: its name for the target, its environment, its words for the selection', () => {
    const header = withMeta((meta) => ({
      ...meta,
      selection: { ...meta.selection, rules: ['SIGN-INVALID-400'], grep: 'digest', checkIds: [] },
    }));
    expect(header.targetName).toBe('embedded bank (sandbox)');
    expect(header.environment).toBe('customer-b');
    expect(header.selection).toBe('2 checks: rule SIGN-INVALID-400; text "digest"');
    expect(header.faultNotice).toBe(faultNotice(['SIGN-INVALID-400']));
  });

  it('a command-line run by URL: its flags, no environment, no notice without faults', () => {
    const {
      label: _none,
      environment: _noEnvironment,
      faultProfiles: _noFaults,
      ...target
    } = RUNNER_META.target;
    const header = withMeta((meta) => ({
      ...meta,
      target: { ...target, kind: 'url', name: null, url: 'https://bank.example' },
      selection: { ...meta.selection, suites: ['signing'], exclude: ['slow'], checkIds: [] },
    }));
    expect(header.profile).toBe('(none: command-line target)');
    expect(header.environment).toBeNull();
    expect(header.faultNotice).toBeNull();
    expect(header.selection).toBe('2 checks: --suite signing --exclude slow');
    expect(header.target).toContain(': a URL given on the command line at http://127.0.0.1');
  });

  it('names two fault profiles as those rules', () => {
    expect(faultNotice(['A-1', 'B-2'])).toContain(
      'fault profiles A-1, B-2 on: it broke those rules',
    );
    expect(faultNotice([])).toBeNull();
  });
});

/**
 * A run as the Runner starts it and the runner service records it: one area chosen box by box,
 * against the embedded sandbox with a fault profile on, in an environment other than 'default'.
 * Every report format must state it so.
 */
import type { RunMetadata, RunResult } from '../../../../main/shared/run-result';
import { resultWith } from '../fakes';

export const RUNNER_META: RunMetadata = {
  workbench: { name: 'PSD2 Workbench', version: '9.9.9' },
  spec: {
    document: 'docs/spec/interface-spec.md',
    apiRelease: '1.21.25',
    berlinGroupOpenApi: '1.3.8',
    catalogueSha256: 'a'.repeat(64),
    rules: 3,
  },
  target: {
    name: 'embedded bank',
    url: 'http://127.0.0.1 (one embedded bank per check)',
    mode: 'sandbox',
    profileFile: null,
    kind: 'embedded',
    label: 'embedded bank (sandbox)',
    environment: 'customer-b',
    faultProfiles: ['SIGN-INVALID-400'],
  },
  selection: {
    suites: [],
    rules: [],
    tags: [],
    grep: null,
    exclude: [],
    rerunFailed: null,
    checkIds: ['SIGN-GOOD', 'SIGN-INVALID-SIGNATURE-400'],
    checks: 2,
  },
  baseline: null,
  machine: { hostname: 'desk-1', platform: 'linux', arch: 'x64', node: 'v20.0.0' },
  runName: 'embedded-sandbox-20240101T000000Z',
};

export function runnerRun(): RunResult {
  const result = resultWith({ 'SIGN-GOOD': 'PASS', 'SIGN-INVALID-SIGNATURE-400': 'FAIL' });
  return {
    ...result,
    target: {
      name: 'embedded bank',
      baseUrl: 'http://127.0.0.1 (one embedded bank per check)',
      mode: 'sandbox',
      hasSandboxApi: true,
    },
    checks: result.checks.map((check) => ({ ...check, area: 'signing' })),
    meta: RUNNER_META,
  };
}

/**
 * The package's library entry (package.json `exports`: `import('psd2-workbench')`): the suites,
 * the runner and the embedded bank's target as code drives them (docs/sca.md, "Using it from
 * code"). No Electron: the installed package has none, so nothing here may reach the desktop host
 * (main/index.ts); test/unit/hosts/library-entry.test.ts walks the built module graph to hold it.
 */
export { CHECKS } from '../suites/index.js';
export {
  consoleReporter,
  createTppIdentity,
  embeddedTarget,
  runChecks,
  suitePsuAgentFactory,
  type EmbeddedTarget,
  type EmbeddedTargetOptions,
  type RunOptions,
  type SuitePsuAgentFactory,
  type SuitePsuAgentOptions,
  type TppIdentity,
} from './core/runner/index.js';
export type { Check, BankMode } from './core/runner/check-api/index.js';
export type { CheckResult, RunResult } from './shared/run-result.js';

/** The runner's calls (contract/runner.ts). */
import { knownFaults } from '../../../core/bank/index.js';
import type { AreaCalls } from '../area-calls.js';
import type { RunnerService } from './runner-service.js';

export function implementRunnerCalls(runner: RunnerService): AreaCalls<'runner'> {
  return {
    'runner.catalogue': () => runner.catalogue(),
    'runner.start': (args) => runner.start(args),
    'runner.cancel': ({ runId }) => runner.cancel(runId),
    'runner.list': () => runner.list(),
    'runner.result': ({ runId }) => runner.result(runId),
    'runner.import': ({ json }) => runner.import(json),
    'runner.importBundle': ({ fileName, bytes }) => runner.importBundle(fileName, bytes),
    'runner.compare': ({ previousRunId, currentRunId }) =>
      runner.compare(previousRunId, currentRunId),
    'runner.report': (args) => runner.report(args),
    'runner.review': (args) => runner.review(args),
    'runner.faults': () => knownFaults(),
  };
}

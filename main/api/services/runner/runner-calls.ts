/** The runner's part of the contract's implementation. */
import { knownFaults } from '../../../core/bank/index.js';
import type { Implementation } from '../../dispatch.js';
import type { RunnerService } from './runner-service.js';

type RunnerCallName = Extract<keyof Implementation, `runner.${string}`>;

export function runnerImplementation(runner: RunnerService): Pick<Implementation, RunnerCallName> {
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
    'runner.faults': () => knownFaults(),
  };
}

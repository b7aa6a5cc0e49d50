/**
 * JSON reporter: writes the RunResult, the re-importable record of the run (with expected failures
 * marked when the run's reporters are wrapped by withBaseline).
 */
import type { Reporter } from '../engine/events.js';
import { serializeRunResult } from '../results/result-file.js';
import { writeReportFile, type FileReporterOptions } from './files.js';

export const DEFAULT_JSON_FILE = 'run-result.json';

export function jsonReporter(options: FileReporterOptions): Reporter {
  return {
    name: 'json',
    async onRunEnd(event) {
      await writeReportFile(
        options.outputDir,
        options.fileName ?? DEFAULT_JSON_FILE,
        serializeRunResult(event.result),
      );
    },
  };
}

/** JSON reporter: writes the RunResult, the re-importable record of the run. */
import type { Reporter } from '../events.js';
import { serializeRunResult } from '../result-file.js';
import { applyBaseline, type Baseline } from '../../../shared/baseline.js';
import { writeReportFile, type FileReporterOptions } from './files.js';

export const DEFAULT_JSON_FILE = 'run-result.json';

export function jsonReporter(options: FileReporterOptions & { baseline?: Baseline }): Reporter {
  return {
    name: 'json',
    async onRunEnd(event) {
      await writeReportFile(
        options.outputDir,
        options.fileName ?? DEFAULT_JSON_FILE,
        serializeRunResult(applyBaseline(event.result, options.baseline).result),
      );
    },
  };
}

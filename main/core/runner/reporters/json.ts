/**
 * JSON reporter: writes the RunResult, the re-importable record of the run (with expected failures
 * marked when the run's reporters are wrapped by withBaseline).
 */
import type { RunResult } from '../../../shared/run-result.js';
import type { Reporter } from '../engine/events.js';
import { serializeRunResult } from '../results/result-file.js';
import { writeReportFile, type FileReporterOptions } from './files.js';
import { runHeader } from './run-header.js';

export const DEFAULT_JSON_FILE = 'run-result.json';

/**
 * The JSON result's text, with the header's fault notice in its metadata: a reader (or a tool)
 * of the file alone learns the bank was broken on purpose, as the HTML and JUnit reader does.
 */
export function renderJsonResult(result: RunResult): string {
  const { faultNotice } = runHeader(result);
  const meta = result.meta;
  if (!meta) return serializeRunResult(result);
  const { faultNotice: _written, ...target } = meta.target;
  return serializeRunResult({
    ...result,
    meta: { ...meta, target: { ...target, ...(faultNotice !== null ? { faultNotice } : {}) } },
  });
}

export function jsonReporter(options: FileReporterOptions): Reporter {
  return {
    name: 'json',
    async onRunEnd(event) {
      await writeReportFile(
        options.outputDir,
        options.fileName ?? DEFAULT_JSON_FILE,
        renderJsonResult(event.result),
      );
    },
  };
}

/**
 * The name of a run, `<target>-<mode>-<UTC time>`: the CLI's named report copies and the UI's
 * exported reports carry it, so the files of one run are found together (docs/ci.md "Report files").
 */
import type { RunResult } from '../../../shared/run-result.js';
import { EMBEDDED_BASE_URL } from '../targets/embedded-target.js';

/**
 * `<target>-<mode>-<UTC time>`, e.g. `127.0.0.1-8443-sandbox-20250102T101500Z`: a file name that
 * sorts by time per target and says what was tested.
 */
export function runName(target: string, mode: string, startedAt: string): string {
  const slug =
    target
      .replace(/^https?:\/\//, '')
      .replace(/[^A-Za-z0-9.-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'target';
  const time = startedAt.replace(/\.\d+Z$/, 'Z').replace(/[-:]/g, '');
  return `${slug}-${mode}-${time}`;
}

/** What follows the run name in the file name of each report. */
export const RUN_REPORT_SUFFIX = {
  junit: '.junit.xml',
  html: '.html',
  json: '.run-result.json',
} as const satisfies Record<'junit' | 'html' | 'json', string>;

/**
 * The name a run result carries (its metadata's, as the CLI wrote it), or else one made as the
 * CLI makes it: the target's base URL (`embedded` for the embedded bank), the mode and the start.
 */
export function runNameOf(result: RunResult): string {
  const { baseUrl, mode } = result.target;
  return (
    result.meta?.runName ??
    runName(baseUrl === EMBEDDED_BASE_URL ? 'embedded' : baseUrl, mode, result.startedAt)
  );
}

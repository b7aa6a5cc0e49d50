/**
 * The suite runner: engine, events and reporters, selection, baselines, result files, coverage.
 * Plain Node (no electron): the CLI, the web host and the Electron host all run suites through it.
 */
export * from '../../shared/baseline.js';
export * from './compare.js';
export * from './could-not-test.js';
export * from './coverage.js';
export * from './engine/run.js';
export type { CheckEnvironment } from './engine/check-context.js';
export { CANCELLED_WHILE_RUNNING } from './engine/outcome.js';
export * from './events.js';
export * from './expect.js';
export * from '../../shared/run-result.js';
export * from './result-file.js';
export * from './run-name.js';
export * from './report-result.js';
export * from './selection.js';
export { consoleReporter, checkLine, summaryLine } from './reporters/console.js';
export { htmlReporter, renderHtmlReport, type HtmlReportOptions } from './reporters/html.js';
export { jsonReporter } from './reporters/json.js';
export { junitReporter, renderJUnit } from './reporters/junit.js';
export type { FileReporterOptions } from './reporters/files.js';
export { withBaseline, type BaselinedReporters } from './reporters/with-baseline.js';

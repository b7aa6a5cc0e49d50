/**
 * The formats a finished run is reported in (docs/ci.md "Report files"): one list for the runner's
 * report files, the CLI's `--reporter`, the contract's `runner.report` and the Runner screen.
 */
export const REPORT_FORMATS = ['junit', 'html', 'json'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/**
 * The suite runner's public surface (with check-api/, session/, target-profile/ and doctor/, each
 * through its index.ts; eslint/layers.js refuses any other file from above): engine, events and
 * reporters, selection, baselines, result files, coverage, targets and the evidence bundle.
 * Plain Node (no electron): the CLI, the web host and the Electron host all run suites through it.
 */
export * from '../../shared/baseline.js';
export * from './results/compare.js';
export * from './results/sca-environments.js';
export { scaFlowOf, scaFlowStepText, type ScaFlowStep } from './results/sca-flow.js';
export * from './engine/could-not-test.js';
export * from './results/coverage.js';
export * from './engine/run.js';
export type { CheckEnvironment } from './engine/check-context.js';
export { CANCELLED_WHILE_RUNNING } from './engine/outcome.js';
export { EVERY_ANSWER_RULE_IDS } from './engine/answer-rules.js';
export { everyAnswerCheckId } from './engine/answer-observer.js';
export * from './engine/events.js';
export * from './engine/expect.js';
export * from '../../shared/run-result.js';
export * from './results/result-file.js';
export * from './session/run-name.js';
export * from './results/report-result.js';
export * from './results/review.js';
export * from './session/selection.js';
export { consoleReporter, checkLine, summaryLine } from './reporters/console.js';
export { htmlReporter, renderHtmlReport, type HtmlReportOptions } from './reporters/html.js';
export { jsonReporter } from './reporters/json.js';
export { junitReporter, renderJUnit } from './reporters/junit.js';
export { escapeXmlAttribute, escapeXmlText } from './reporters/escape.js';
export type { FileReporterOptions } from './reporters/files.js';
export { withBaseline, type BaselinedReporters } from './reporters/with-baseline.js';
export { addAttempt, attemptsOf } from './engine/attempts.js';
export {
  createTppIdentity,
  EMBEDDED_BASE_URL,
  embeddedTarget,
  type EmbeddedTarget,
  type EmbeddedTargetOptions,
  type TppIdentity,
} from './targets/embedded-target.js';
export {
  suitePsuAgentFactory,
  type SuitePsuAgentFactory,
  type SuitePsuAgentOptions,
} from './targets/psu-adapter.js';
export type { ScaWaiting } from './targets/manual-psu.js';
export type { ProbeOptions } from './targets/preflight.js';
export { TargetModeMismatch } from './targets/profile-target.js';
export { OwnIdentityRefused } from './doctor/own-identity.js';
export {
  bankClockWarning,
  readBankClock,
  resetBankClock,
  type BankClockReading,
} from './targets/bank-clock-preflight.js';
export { modeOf, type PlannedTarget } from './session/plan.js';
export { BundleImportError, readEvidenceBundle } from './evidence/bundle-import.js';
export { verifyBundle, type Signer } from './evidence/evidence-bundle.js';
export {
  TPP_REPORT_CONTENT_TYPES,
  TPP_REPORT_FILES,
  parseTppReportFormats,
  renderTppReport,
  type TppReportFormat,
} from './reporters/tpp-report.js';
export { PLAN_REPORT_FILES, renderPlanReport } from './reporters/plan-report.js';
// ZIP archives (evidence bundles; Bruno collections in and out).
export { readZip, writeZip, ZipError, type ZipEntry } from './evidence/zip.js';
export { redactSecretValues, secretForms } from './targets/run-secrets.js';

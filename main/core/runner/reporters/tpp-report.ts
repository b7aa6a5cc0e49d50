/**
 * The TPP conformance report in the runner's report formats: the bank's
 * findings JSON (main/core/bank/log/tpp-findings/model.ts) becomes a run result with one check per
 * TPP-side rule, which the JUnit and HTML reporters render as they render a run. The bank (layer
 * 3) cannot import the reporters (layer 4); its hosts hand these renderers to it (bank-command.ts).
 * A rule no request exercised is SKIPPED; each finding is a note (with the signing-string
 * forensics when the bank refused a signature) followed by the request and answer it judged.
 */
import type { EvidenceExchange } from '../../../shared/exchange.js';
import {
  RUN_RESULT_FORMAT,
  RUN_RESULT_FORMAT_VERSION,
  countStatuses,
  type CheckResult,
  type EvidenceItem,
  type RunResult,
} from '../../../shared/run-result.js';
import type {
  SigningStringComparison,
  TppEvidenceExchange,
  TppFinding,
  TppReport,
  TppRuleReport,
} from '../../bank/index.js';
import { tppRule } from '../../spec/tpp-rules.js';
import { renderHtmlReport } from './html.js';
import { renderJUnit } from './junit.js';

export type TppReportFormat = 'json' | 'junit' | 'html';
export const TPP_REPORT_FORMATS: readonly TppReportFormat[] = ['junit', 'html', 'json'];

/** File names `workbench bank --report … --report-dir DIR` writes. */
export const TPP_REPORT_FILES: Readonly<Record<TppReportFormat, string>> = {
  json: 'tpp-report.json',
  junit: 'tpp-junit.xml',
  html: 'tpp-report.html',
};

export const TPP_REPORT_CONTENT_TYPES: Readonly<Record<TppReportFormat, string>> = {
  json: 'application/json; charset=utf-8',
  junit: 'application/xml; charset=utf-8',
  html: 'text/html; charset=utf-8',
};

const AREA = 'tpp-conformance';

const indent = (text: string) =>
  text
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n');

/** The forensics as text: the bank's string, the right one, and the differing lines. */
export function signingText(signing: SigningStringComparison): string {
  const lines = [`Signing-string forensics (Signature headers '${signing.listed.join(' ')}'):`];
  lines.push(
    '  the bank built (§5.2(5), from the TPP’s list):',
    signing.built !== undefined ? indent(signing.built) : '    (none: a listed header is absent)',
  );
  if (signing.right) {
    lines.push(
      signing.right.kind === 'expected'
        ? '  due (§5.2(4): every listed-when-present header the request carries):'
        : '  what the signature does verify over:',
      indent(signing.right.signingString),
    );
  } else lines.push('  no variant of the signing string verifies (a wrong key or other content)');
  if (signing.differences) {
    lines.push('  where they differ (- only the bank’s, + only the other):');
    for (const line of signing.differences)
      if (line.op !== ' ') lines.push(`    ${line.op} ${line.text}`);
  }
  return lines.join('\n');
}

function evidenceExchange(exchange: TppEvidenceExchange): EvidenceExchange {
  const { request, response } = exchange;
  return {
    id: `#${exchange.id}`,
    request: {
      method: request.method,
      url: request.target,
      headers: request.headers,
      ...(request.bodyText !== undefined ? { body: request.bodyText } : {}),
    },
    response: {
      status: response.status,
      headers: response.headers,
      body: response.body === undefined ? '' : JSON.stringify(response.body),
      ...(response.body !== undefined ? { json: response.body as never } : {}),
    },
    timings: { startedAt: exchange.receivedAt, durationMs: 0 },
  };
}

export function findingEvidence(
  finding: TppFinding,
  exchanges: ReadonlyMap<number, TppEvidenceExchange>,
): EvidenceItem[] {
  const verdict = finding.verdict === 'fail' ? 'FAIL' : 'pass';
  const refused = finding.rejectedBy
    ? ` [refused by stage ${finding.rejectedBy.stage}, ${finding.rejectedBy.rule}]`
    : '';
  const items: EvidenceItem[] = [
    {
      kind: 'note',
      at: finding.at,
      text: `${verdict} #${finding.exchangeId} ${finding.request}: ${finding.text}${refused}`,
    },
  ];
  if (finding.signing)
    items.push({ kind: 'note', at: finding.at, text: signingText(finding.signing) });
  const exchange = exchanges.get(finding.exchangeId);
  if (exchange) {
    const evidence = evidenceExchange(exchange);
    if (finding.signing?.built !== undefined) evidence.signingString = finding.signing.built;
    items.push({ kind: 'exchange', at: finding.at, exchange: evidence });
  }
  return items;
}

function ruleCheck(rule: TppRuleReport, report: TppReport): CheckResult {
  const exchanges = new Map(report.exchanges.map((exchange) => [exchange.id, exchange]));
  const firstFailure = rule.findings.find((finding) => finding.verdict === 'fail');
  return {
    checkId: rule.id,
    title: rule.title,
    area: AREA,
    rules: [rule.id, ...rule.catalogue],
    tags: [],
    status: rule.status === 'NOT_EXERCISED' ? 'SKIPPED' : rule.status,
    durationMs: 0,
    ...(firstFailure
      ? {
          failure: {
            message: `${rule.failures} of ${rule.failures + rule.passes} requests broke ${rule.section}: ${firstFailure.text}`,
            exchangeId: `#${firstFailure.exchangeId}`,
          },
        }
      : {}),
    ...(rule.status === 'NOT_EXERCISED' ? { skipReason: 'no request exercised this rule' } : {}),
    warnings: [],
    evidence: rule.findings.flatMap((finding) => findingEvidence(finding, exchanges)),
  };
}

/**
 * Verdicts the bank made about a client (the TPP report, a TPP test plan) as a run result: what the
 * runner's JUnit and HTML reporters read. The "target" is the bank that judged.
 */
export function bankJudgedRunResult(
  runId: string,
  judged: { generatedAt: string; bank: { mode: string; url?: string } },
  checks: CheckResult[],
): RunResult {
  const baseUrl = judged.bank.url ?? `embedded bank (${judged.bank.mode})`;
  return {
    format: RUN_RESULT_FORMAT,
    formatVersion: RUN_RESULT_FORMAT_VERSION,
    runId,
    startedAt: judged.generatedAt,
    finishedAt: judged.generatedAt,
    durationMs: 0,
    target: {
      baseUrl,
      mode: judged.bank.mode === 'production' ? 'production' : 'sandbox',
      hasSandboxApi: judged.bank.mode === 'sandbox',
      name: `workbench bank at ${baseUrl}`,
    },
    cancelled: false,
    counts: countStatuses(checks),
    checks,
  };
}

/** The report as a run result: what the runner's JUnit and HTML reporters read. */
export function tppReportToRunResult(report: TppReport): RunResult {
  const checks = report.rules.map((rule) => ruleCheck(rule, report));
  return bankJudgedRunResult(`tpp-report-${report.generatedAt}`, report, checks);
}

const title = (report: TppReport) =>
  `TPP conformance report: ${report.requestsJudged} requests judged by the workbench bank at ${report.bank.url ?? `(${report.bank.mode})`}`;

/** The report in one format, as text. */
export function renderTppReport(report: TppReport, format: TppReportFormat): string {
  return renderBankJudged(report, () => tppReportToRunResult(report), title(report), format);
}

/**
 * Verdicts the bank made about a client in one format: the bank's own JSON as it is, or the run
 * result `toRun` makes rendered as JUnit or HTML, its rules described by the TPP-side rule list.
 */
export function renderBankJudged(
  json: unknown,
  toRun: () => RunResult,
  name: string,
  format: TppReportFormat,
): string {
  if (format === 'json') return `${JSON.stringify(json, null, 2)}\n`;
  const result = toRun();
  if (format === 'junit') return renderJUnit(result, { name });
  return renderHtmlReport(result, {
    title: name,
    describeRule: (id) => {
      const rule = tppRule(id);
      return rule ? { section: rule.section, statement: rule.statement } : undefined;
    },
  });
}

/** `junit,html,json` → the formats; throws naming an unknown one. */
export function parseTppReportFormats(text: string): TppReportFormat[] {
  const formats = text.split(',').map((part) => part.trim());
  for (const format of formats)
    if (!(TPP_REPORT_FORMATS as readonly string[]).includes(format))
      throw new Error(
        `unknown report format '${format}': give one or more of ${TPP_REPORT_FORMATS.join(', ')}, separated by commas`,
      );
  return [...new Set(formats as TppReportFormat[])];
}

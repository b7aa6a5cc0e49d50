/**
 * A self-contained HTML report: one file, inline CSS, no scripts, no external assets, readable in
 * any browser or mail client. Evidence folds away in <details>. Every text that can come from the
 * bank (or from a check) is escaped, and a Content-Security-Policy forbids scripts outright, so
 * even an escaping mistake cannot run code from a hostile response.
 */
import type { EvidenceExchange } from '../../../shared/exchange.js';
import type { Reporter } from '../engine/events.js';
import {
  evidenceInvolvesSca,
  evidenceSequenceSteps,
} from '../../../shared/sequence/evidence-steps.js';
import { sequenceSvg } from '../../../shared/sequence/svg.js';
import {
  CHECK_STATUSES,
  countStatuses,
  type CheckResult,
  type EvidenceItem,
  type RunResult,
} from '../../../shared/run-result.js';
import { escapeReportHtml as h } from './escape.js';
import { faultNoticeHtml, metaHtml, targetHtml } from './html-meta.js';
import { DELIBERATELY_BROKEN, runHeader } from './run-header.js';
import {
  base64Bytes,
  durationText,
  exchangeTitle,
  requestText,
  responseText,
  valueText,
} from './evidence-text.js';
import { writeReportFile, type FileReporterOptions } from './files.js';
import type { RuleId } from '../../../shared/rule-ids.js';
import type { CoverageRule } from '../results/coverage.js';
import { checkAnchor, coverageHtml } from './coverage-html.js';

export const DEFAULT_HTML_FILE = 'report.html';

export interface RuleDescription {
  section: string;
  statement: string;
}

export interface HtmlReportOptions {
  /** The catalogue's description of a rule id, shown next to each check. */
  describeRule?(ruleId: RuleId): RuleDescription | undefined;
  /** Every rule of the catalogue: the report then maps section → rule → checks → verdict. */
  coverage?: readonly CoverageRule[];
  /** The page's title and heading; `PSD2 Workbench run against <target>` by default. */
  title?: string;
  /** Screenshot bytes embedded at most (default HTML_SCREENSHOT_BUDGET_BYTES). */
  screenshotBudgetBytes?: number;
}

const STATUS_WORDS = {
  PASS: 'passed',
  FAIL: 'failed',
  WARNING: 'with warnings',
  INCONCLUSIVE: 'could not test',
  REVIEW: 'awaiting review',
  SKIPPED: 'skipped',
} as const;

const STYLE = `
:root { color-scheme: light dark; --pass: #1a7f37; --fail: #cf222e; --warn: #9a6700; --skip: #6e7781; --line: #d0d7de; }
body { font: 14px/1.45 system-ui, sans-serif; margin: 0 auto; max-width: 72rem; padding: 1.5rem; }
h1 { font-size: 1.4rem; margin: 0 0 .5rem; } h2 { font-size: 1.15rem; margin: 2rem 0 .5rem; border-bottom: 1px solid var(--line); }
h3 { font-size: 1rem; margin: 1rem 0 .25rem; } h4 { font-size: .9rem; margin: .75rem 0 .25rem; }
dl.meta { display: grid; grid-template-columns: max-content 1fr; gap: .1rem 1rem; margin: 0 0 1rem; }
dl.meta dt { font-weight: 600; } dl.meta dd { margin: 0; }
.fault-notice { border: 2px solid #b3261e; padding: .5rem .75rem; border-radius: 4px; }
ul.counts { display: flex; flex-wrap: wrap; gap: .5rem; list-style: none; padding: 0; }
ul.counts li { border: 1px solid var(--line); border-radius: .4rem; padding: .3rem .7rem; }
ul.counts strong { font-size: 1.2rem; }
details.check { border: 1px solid var(--line); border-left-width: .35rem; border-radius: .3rem; margin: .4rem 0; }
details.check > summary { cursor: pointer; padding: .4rem .6rem; }
details.check > .body { padding: 0 .8rem .8rem; }
.s-pass { border-left-color: var(--pass) !important; } .s-fail { border-left-color: var(--fail) !important; }
.s-warning { border-left-color: var(--warn) !important; } .s-skipped { border-left-color: var(--skip) !important; } .s-inconclusive { border-left: 4px dashed var(--warn) !important; } .s-review { border-left: 4px dashed var(--fail) !important; }
.badge { display: inline-block; min-width: 4.8rem; font-weight: 700; font-size: .8rem; }
.s-pass .badge { color: var(--pass); } .s-fail .badge { color: var(--fail); } .s-warning .badge { color: var(--warn); } .s-skipped .badge { color: var(--skip); } .s-inconclusive .badge { color: var(--warn); } .s-review .badge { color: var(--fail); }
.time, .rule-ids { color: var(--skip); font-size: .85rem; }
.failure { border: 1px solid var(--fail); border-radius: .3rem; padding: .5rem .7rem; margin: .5rem 0; }
.failure table { border-collapse: collapse; width: 100%; } .failure th { text-align: left; vertical-align: top; padding-right: 1rem; width: 6rem; }
pre { background: rgba(127,127,127,.1); padding: .5rem; overflow-x: auto; white-space: pre-wrap; word-break: break-all; margin: .25rem 0; }
ol.evidence { padding-left: 1.5rem; } ol.evidence > li { margin: .3rem 0; }
.assertion-passed::before { content: "✓ "; color: var(--pass); } .assertion-failed::before { content: "✗ "; color: var(--fail); }
.warnings li { color: var(--warn); } .note { font-style: italic; }
.sequence svg { max-width: 100%; height: auto; }
.screenshot img { max-width: 100%; border: 1px solid var(--line); margin: .25rem 0; }
table.coverage { border-collapse: collapse; width: 100%; } table.coverage td, table.coverage th { border-top: 1px solid var(--line); padding: .2rem .4rem; text-align: left; vertical-align: top; }
table.coverage th[scope=row] { font-weight: normal; } .gap { color: var(--warn); font-weight: 700; }
.v-pass { color: var(--pass); } .v-fail { color: var(--fail); } .v-warning { color: var(--warn); } .v-skipped { color: var(--skip); } .v-review { color: var(--fail); }
`;

/** What is left to embed in one report; screenshots are taken in the order they appear. */
interface Budget {
  screenshotBytes: number;
  screenshotBytesLeft: number;
}

/** Screenshots embedded in one HTML report at most (PNG bytes); the rest stay in the JSON. */
export const HTML_SCREENSHOT_BUDGET_BYTES = 8 * 1024 * 1024;

function mib(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

function kib(bytes: number): string {
  return `${Math.ceil(bytes / 1024)} KiB`;
}

function pre(text: string): string {
  return `<pre>${h(text)}</pre>`;
}

/**
 * What the HTML shows of each exchange: bodies up to 16 000 characters and header values up to
 * 256 (a QSealC in TPP-Signature-Certificate is 1–2 KB on every signed request, most of a full
 * run's report otherwise); the cut says so, and run-result.json keeps everything.
 */
export const HTML_TEXT_LIMITS = { bodyMax: 16_000, headerMax: 256 } as const;

function exchangeHtml(exchange: EvidenceExchange, open: boolean): string {
  const parts = [
    `<details${open ? ' open' : ''}><summary>${h(exchangeTitle(exchange))}</summary>`,
    '<h4>Request</h4>',
    pre(requestText(exchange, HTML_TEXT_LIMITS)),
  ];
  if (exchange.signingString !== undefined) {
    parts.push('<h4>Signing string</h4>', pre(exchange.signingString));
  }
  parts.push('<h4>Response</h4>', pre(responseText(exchange, HTML_TEXT_LIMITS)), '</details>');
  return parts.join('');
}

/** Only base64 goes into the data: URL, so a hostile value cannot leave the attribute. */
function screenshotImg(item: Extract<EvidenceItem, { kind: 'screenshot' }>): string {
  const base64 = /^[A-Za-z0-9+/]*={0,2}$/.test(item.pngBase64) ? item.pngBase64 : '';
  return `<img src="data:image/png;base64,${base64}" alt="${h(`${item.step}: ${item.url}`)}" loading="lazy">`;
}

function evidenceHtml(
  item: EvidenceItem,
  failedExchangeId: string | undefined,
  budget: Budget,
): string {
  switch (item.kind) {
    case 'exchange':
      return `<li>${exchangeHtml(item.exchange, item.exchange.id === failedExchangeId)}</li>`;
    case 'note':
      return `<li class="note">${h(item.text)}</li>`;
    case 'assertion':
      return `<li class="assertion-${item.passed ? 'passed' : 'failed'}">${h(item.what)}</li>`;
    case 'screenshot': {
      const bytes = base64Bytes(item.pngBase64);
      // Screenshots are most of a browser run's evidence: past the budget they stay in the JSON.
      const image =
        budget.screenshotBytesLeft >= bytes
          ? screenshotImg(item)
          : `<p class="note">Not embedded: this report already holds ${h(mib(budget.screenshotBytes))} of screenshots (the limit); the PNG (${h(kib(bytes))}) is in run-result.json.</p>`;
      if (budget.screenshotBytesLeft >= bytes) budget.screenshotBytesLeft -= bytes;
      return `<li class="screenshot"><details><summary>Screenshot: ${h(item.step)} <span class="time">${h(item.url)}</span></summary>${image}</details></li>`;
    }
  }
}

function rulesHtml(result: CheckResult, options: HtmlReportOptions): string {
  const items = result.rules.map((ruleId) => {
    const rule = options.describeRule?.(ruleId);
    const text = rule ? ` <span class="time">${h(rule.section)}</span> ${h(rule.statement)}` : '';
    return `<li><code>${h(ruleId)}</code>${text}</li>`;
  });
  return `<h3>Rules</h3><ul class="rules">${items.join('')}</ul>`;
}

function failureHtml(result: CheckResult): string {
  const failure = result.failure;
  if (!failure) return '';
  const rows: string[] = [];
  if (failure.what !== undefined) {
    rows.push(
      `<tr><th>What</th><td>${h(failure.what)}</td></tr>`,
      `<tr><th>Expected</th><td>${pre(valueText(failure.expected))}</td></tr>`,
      `<tr><th>Actual</th><td>${pre(valueText(failure.actual))}</td></tr>`,
    );
  }
  const stack = failure.error?.stack
    ? `<details><summary>Stack</summary>${pre(failure.error.stack)}</details>`
    : '';
  const baseline = result.expectedFailure
    ? `<p><strong>Expected failure (baseline):</strong> ${h(result.expectedFailure.reason)}</p>`
    : '';
  const sections =
    result.specSections && result.specSections.length > 0
      ? `<p class="spec"><strong>Spec:</strong> ${result.specSections.map(({ rule, section }) => `${h(section)} <code>${h(rule)}</code>`).join('; ')}</p>`
      : '';
  return `<div class="failure"><p><strong>${h(failure.message)}</strong></p>${sections}${baseline}${rows.length > 0 ? `<table>${rows.join('')}</table>` : ''}${stack}</div>`;
}

/** Links to each failed check, at the top of the report: the jump list. */
function jumpListHtml(failed: CheckResult[]): string {
  const items = failed.map(
    (check) =>
      `<li><a href="#${h(checkAnchor(check.checkId))}"><code>${h(check.checkId)}</code></a> ${h(check.title)}${check.expectedFailure ? ' <span class="time">(expected by the baseline)</span>' : ''}</li>`,
  );
  return `<nav class="jump-list" aria-label="Failed checks"><ol>${items.join('')}</ol></nav>`;
}

/**
 * A check re-run in the same run ("re-run failed"): the verdict above is its latest attempt's;
 * the earlier verdicts are listed (their evidence stays in run-result.json).
 */
function attemptsHtml(result: CheckResult, earlier: NonNullable<CheckResult['earlierAttempts']>) {
  const items = earlier.map(
    (attempt) =>
      `<li>attempt ${attempt.attempt}: ${h(attempt.status)}${attempt.failure ? ` — ${h(attempt.failure.message)}` : ''}</li>`,
  );
  return `<p><strong>Attempt ${result.attempt ?? earlier.length + 1} of this run.</strong> Earlier attempts (their evidence is in run-result.json):</p><ul class="attempts">${items.join('')}</ul>`;
}

function badgeText(result: CheckResult): string {
  if (result.expectedFailure) return 'FAIL (expected)';
  if (result.status === 'INCONCLUSIVE') return 'COULD NOT TEST';
  if (result.status === 'REVIEW') return 'AWAITING REVIEW';
  return result.review ? `${result.status} (reviewed)` : result.status;
}

/** What a person must judge on the screenshots, and what a reviewer decided, if one has. */
function reviewHtml(result: CheckResult): string {
  const lookFor = result.reviewFor ? ` The pages must show: ${h(result.reviewFor)}.` : '';
  if (result.status === 'REVIEW')
    return `<p class="review"><strong>Awaiting review:</strong> the automated part passed; a person decides on the screenshots below.${lookFor}</p>`;
  if (!result.review) return '';
  const { decision, note, at } = result.review;
  return `<p class="review"><strong>Reviewed: ${h(decision)}</strong> <span class="time">${h(at)}</span>${note ? ` — ${h(note)}` : ''}.${lookFor}</p>`;
}

function checkHtml(result: CheckResult, options: HtmlReportOptions, budget: Budget): string {
  const status = result.status.toLowerCase();
  const parts = [
    `<details class="check s-${status}" id="${h(checkAnchor(result.checkId))}"${(result.status === 'FAIL' && !result.expectedFailure) || result.status === 'REVIEW' ? ' open' : ''}>`,
    `<summary><span class="badge">${h(badgeText(result))}</span> `,
    `<code>${h(result.checkId)}</code> ${h(result.title)} `,
    `<span class="rule-ids">${result.rules.map(h).join(' ')}</span> `,
    `<span class="time">${h(durationText(result.durationMs))}</span></summary>`,
    '<div class="body">',
    failureHtml(result),
    reviewHtml(result),
  ];
  if (result.skipReason !== undefined)
    parts.push(`<p><strong>Skipped:</strong> ${h(result.skipReason)}</p>`);
  if (result.couldNotTest) {
    const why = result.couldNotTest;
    parts.push(
      `<p><strong>Could not test:</strong> ${h(why.reason)}${why.step ? ` <span class="time">(${h(why.step)})</span>` : ''}</p>`,
    );
    if (why.error)
      parts.push(
        `<details><summary>Error inside the check: ${h(`${why.error.name}: ${why.error.message}`)}</summary><pre>${h(why.error.stack ?? '')}</pre></details>`,
      );
  }
  if (result.earlierAttempts && result.earlierAttempts.length > 0)
    parts.push(attemptsHtml(result, result.earlierAttempts));
  if (result.warnings.length > 0) {
    parts.push(
      `<h3>Warnings</h3><ul class="warnings">${result.warnings.map((w) => `<li>${h(w)}</li>`).join('')}</ul>`,
    );
  }
  parts.push(rulesHtml(result, options));
  if (evidenceInvolvesSca(result.evidence)) {
    // The check took a PSU through the bank's SCA pages (§6): the flow as a picture.
    const svg = sequenceSvg(
      evidenceSequenceSteps(result.evidence),
      `Sequence of ${result.checkId}`,
    );
    parts.push(
      `<details class="sequence"><summary>Sequence: TPP, bank and PSU browser</summary>${svg}</details>`,
    );
  }
  if (result.evidence.length > 0) {
    const failedExchangeId = result.failure?.exchangeId;
    parts.push(
      `<h3>Evidence</h3><ol class="evidence">${result.evidence.map((item) => evidenceHtml(item, failedExchangeId, budget)).join('')}</ol>`,
    );
  }
  parts.push('</div></details>');
  return parts.join('');
}

export function renderHtmlReport(result: RunResult, options: HtmlReportOptions = {}): string {
  const header = runHeader(result);
  const title = options.title ?? `PSD2 Workbench run against ${header.targetName}`;
  // A tab or a window list shows the title only: a broken bank's report says so there too.
  const pageTitle = header.faultNotice ? `${DELIBERATELY_BROKEN} ${title}` : title;
  const budgetBytes = options.screenshotBudgetBytes ?? HTML_SCREENSHOT_BUDGET_BYTES;
  const budget: Budget = { screenshotBytes: budgetBytes, screenshotBytesLeft: budgetBytes };
  // Failures first: the failed checks (those outside the baseline before the expected ones) open
  // the report; the areas below hold the other checks.
  const failed = result.checks
    .filter((check) => check.status === 'FAIL')
    .sort((a, b) => Number(Boolean(a.expectedFailure)) - Number(Boolean(b.expectedFailure)));
  const failures =
    failed.length > 0
      ? `<section id="failures"><h2>Failures <span class="time">${failed.length} failed${failed.some((c) => c.expectedFailure) ? `, ${failed.filter((c) => c.expectedFailure).length} of them expected by the baseline` : ''}</span></h2>${jumpListHtml(failed)}${failed.map((check) => checkHtml(check, options, budget)).join('\n')}</section>`
      : '';
  const areas = new Map<string, CheckResult[]>();
  for (const check of result.checks)
    areas.set(check.area, [...(areas.get(check.area) ?? []), check]);
  const expected = result.checks.filter((check) => check.expectedFailure).length;
  const counts = CHECK_STATUSES.map(
    (status) =>
      `<li class="s-${status.toLowerCase()}"><strong>${result.counts[status]}</strong> ${STATUS_WORDS[status]}</li>`,
  );
  if (expected > 0)
    counts.push(`<li><strong>${expected}</strong> failures expected by the baseline</li>`);
  const sections = [...areas].map(([area, checks]) => {
    const areaCounts = countStatuses(checks);
    const summary = CHECK_STATUSES.filter((status) => areaCounts[status] > 0)
      .map((status) => `${areaCounts[status]} ${STATUS_WORDS[status]}`)
      .join(', ');
    const shown = checks.filter((check) => check.status !== 'FAIL');
    const moved =
      areaCounts.FAIL > 0
        ? `<p class="time">${areaCounts.FAIL} failed check(s) of this area are under Failures above: ${checks
            .filter((check) => check.status === 'FAIL')
            .map(
              (check) =>
                `<a href="#${h(checkAnchor(check.checkId))}"><code>${h(check.checkId)}</code></a>`,
            )
            .join(', ')}</p>`
        : '';
    return `<section><h2>${h(area)} <span class="time">${h(summary)}</span></h2>${moved}${shown.map((check) => checkHtml(check, options, budget)).join('\n')}</section>`;
  });
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${h(pageTitle)}</title>
<style>${STYLE}</style>
</head>
<body>
<header>
${faultNoticeHtml(result)}
<h1>${h(title)}</h1>
<dl class="meta">
${targetHtml(result)}
<dt>Run</dt><dd><code>${h(result.runId)}</code></dd>
<dt>Started</dt><dd>${h(result.startedAt)}</dd>
<dt>Duration</dt><dd>${h(durationText(result.durationMs))}</dd>
${metaHtml(result)}
</dl>
${result.cancelled ? '<p><strong>The run was cancelled;</strong> the checks it did not finish are skipped.</p>' : ''}
<ul class="counts"><li><strong>${result.counts.total}</strong> checks</li>${counts.join('')}</ul>
</header>
<main>
${failures}
${sections.join('\n')}
${options.coverage ? coverageHtml(options.coverage, result.checks) : ''}
</main>
</body>
</html>
`;
}

export function htmlReporter(options: FileReporterOptions & HtmlReportOptions): Reporter {
  return {
    name: 'html',
    async onRunEnd(event) {
      await writeReportFile(
        options.outputDir,
        options.fileName ?? DEFAULT_HTML_FILE,
        renderHtmlReport(event.result, options),
      );
    },
  };
}

/**
 * JUnit XML in the shape CI servers read (Jenkins' junit-10.xsd, Ant's JUnit task):
 * testsuites / testsuite per area / testcase per check with classname = area.
 * - FAIL → <failure message type> with the assertion and the evidence as the body;
 * - INCONCLUSIVE ("could not test") → <error> with the reason and the evidence as the body: the
 *   check could not judge its rules; `errors` counts these. Its type says why: TransportError (the
 *   target did not answer), PreconditionRefused, or the name of the error inside the check. (A FAIL
 *   with a transport error, as files before format 3 have, is an <error> too.);
 * - SKIPPED → <skipped message>;
 * - REVIEW (a person must judge its screenshots) → <skipped message="awaiting review">: not a
 *   failure until a reviewer says so; a reviewed check is its decision, with the review in
 *   <system-out> (a FAIL's <failure> says `failed on review`);
 * - WARNING → a passed testcase with the warnings in <system-out>;
 * - an expected failure (baseline) → <skipped> "expected failure", so CI does not count it, with
 *   the failure and evidence in <system-out> (the result comes marked: see withBaseline).
 */
import { signingLine, specRelease } from '../results/report-result.js';
import type { Reporter } from '../engine/events.js';
import type { CheckResult, RunResult } from '../../../shared/run-result.js';
import { escapeXmlAttribute, escapeXmlText } from './escape.js';
import { AWAITING_REVIEW, failureText, reviewText } from './evidence-text.js';
import { writeReportFile, type FileReporterOptions } from './files.js';
import { runHeader } from './run-header.js';

export const DEFAULT_JUNIT_FILE = 'junit.xml';

function seconds(ms: number): string {
  return (Math.max(0, ms) / 1000).toFixed(3);
}

function attributes(values: Record<string, string | number>): string {
  return Object.entries(values)
    .map(([name, value]) => ` ${name}="${escapeXmlAttribute(String(value))}"`)
    .join('');
}

function failureAttributes(result: CheckResult): { message: string; type: string } {
  if (result.review && !result.failure)
    return { message: `failed on review: ${result.review.note || 'no note'}`, type: 'Review' };
  return { message: result.failure?.message ?? 'failed', type: failureType(result) };
}

function failureType(result: CheckResult): string {
  const failure = result.failure;
  if (failure?.error) return failure.error.name;
  if (failure?.what !== undefined) return 'AssertionFailure';
  return /^timed out/.test(failure?.message ?? '') ? 'Timeout' : 'Failure';
}

function testcase(result: CheckResult): string {
  // The name is the check id alone: a CI server's history of a test survives a reworded title.
  // The title is a property of the suite (`title:<check id>`) and the first line of system-out.
  const open = `    <testcase${attributes({
    classname: result.area,
    name: result.checkId,
    time: seconds(result.durationMs),
  })}>`;
  const body: string[] = [];
  const out: string[] = [`title: ${result.title}`, `rules: ${result.rules.join(', ')}`];
  if (result.status === 'FAIL' && result.expectedFailure) {
    body.push(
      `      <skipped${attributes({ message: `expected failure (baseline): ${result.expectedFailure.reason}` })}/>`,
    );
    out.push('', failureText(result));
  } else if (isCountedError(result)) {
    body.push(
      `      <error${attributes(errorAttributes(result))}>${escapeXmlText(failureText(result))}</error>`,
    );
  } else if (result.status === 'FAIL') {
    body.push(
      `      <failure${attributes(failureAttributes(result))}>${escapeXmlText(failureText(result))}</failure>`,
    );
  } else if (result.status === 'SKIPPED') {
    body.push(`      <skipped${attributes({ message: result.skipReason ?? 'skipped' })}/>`);
  } else if (result.status === 'REVIEW') {
    body.push(`      <skipped${attributes({ message: AWAITING_REVIEW })}/>`);
  }
  if (result.review) out.push(reviewText(result.review));
  for (const warning of result.warnings) out.push(`WARNING: ${warning}`);
  body.push(`      <system-out>${escapeXmlText(out.join('\n'))}</system-out>`);
  return [open, ...body, '    </testcase>'].join('\n');
}

/** A failure outside the baseline on an answer the check judged: a <failure>. */
function isCountedFailure(result: CheckResult): boolean {
  return (
    result.status === 'FAIL' &&
    !result.expectedFailure &&
    result.failure?.transportError === undefined
  );
}

/** A check that could not test (or, in older files, a failure on no answer): an <error>. */
function isCountedError(result: CheckResult): boolean {
  if (result.status === 'INCONCLUSIVE') return true;
  return (
    result.status === 'FAIL' &&
    !result.expectedFailure &&
    result.failure?.transportError !== undefined
  );
}

function errorAttributes(result: CheckResult): { message: string; type: string } {
  const why = result.couldNotTest;
  if (!why)
    return { message: result.failure?.transportError ?? 'no answer', type: 'TransportError' };
  const type =
    why.transportError !== undefined
      ? 'TransportError'
      : why.error
        ? why.error.name
        : 'PreconditionRefused';
  return { message: `could not test: ${why.reason}`, type };
}

/** The run's metadata as JUnit properties (CI servers show them with the suite). */
function metaProperties(result: RunResult): [string, string][] {
  const meta = result.meta;
  if (!meta) return [];
  const { selection } = meta;
  const header = runHeader(result);
  return [
    // First: a CI server lists properties in order, and a broken bank's FAILs are not the bank's.
    ...(header.faultNotice !== null
      ? [['deliberatelyBroken', header.faultNotice] as [string, string]]
      : []),
    ['runName', meta.runName],
    ['workbenchVersion', meta.workbench.version],
    [
      'spec',
      `${meta.spec.document} (${specRelease(meta.spec)}, Berlin Group OpenAPI ${meta.spec.berlinGroupOpenApi})`,
    ],
    ['signingCertificate', signingLine(meta)],
    ['psuData', meta.psuDataMasked === false ? 'kept (--no-redact)' : 'masked'],
    ['specCatalogueSha256', meta.spec.catalogueSha256],
    ['targetName', header.targetName],
    ['targetDescription', header.target],
    ['profileFile', meta.target.profileFile ?? ''],
    ...(header.environment !== null
      ? [['environment', header.environment] as [string, string]]
      : []),
    ...(header.faultProfiles.length
      ? [['faultProfiles', header.faultProfiles.join(', ')] as [string, string]]
      : []),
    ['baseline', meta.baseline ?? ''],
    [
      'selection',
      JSON.stringify({
        suites: selection.suites,
        rules: selection.rules,
        tags: selection.tags,
        grep: selection.grep,
        exclude: selection.exclude,
        rerunFailed: selection.rerunFailed,
        ...(selection.checkIds ? { checkIds: selection.checkIds } : {}),
      }),
    ],
    ['selectionSummary', header.selection ?? ''],
    ['startedAt', result.startedAt],
    ['finishedAt', result.finishedAt],
    [
      'machine',
      `${meta.machine.hostname} (${meta.machine.platform} ${meta.machine.arch}, Node ${meta.machine.node})`,
    ],
  ];
}

export function renderJUnit(result: RunResult, options: { name?: string } = {}): string {
  const areas = new Map<string, CheckResult[]>();
  for (const check of result.checks) {
    areas.set(check.area, [...(areas.get(check.area) ?? []), check]);
  }
  const target = runHeader(result).targetName;
  const suites = [...areas].map(([area, checks]) => {
    const properties = [
      '    <properties>',
      `      <property${attributes({ name: 'runId', value: result.runId })}/>`,
      `      <property${attributes({ name: 'target', value: result.target.baseUrl })}/>`,
      `      <property${attributes({ name: 'mode', value: result.target.mode })}/>`,
      ...metaProperties(result).map(
        ([name, value]) => `      <property${attributes({ name, value })}/>`,
      ),
      // Titles, and the spec sections a failed check's rules come from, as properties (the JUnit
      // schema CI servers read has none on a testcase).
      ...checks.map(
        (check) =>
          `      <property${attributes({ name: `title:${check.checkId}`, value: check.title })}/>`,
      ),
      ...checks
        .filter((check) => check.specSections && check.specSections.length > 0)
        .map(
          (check) =>
            `      <property${attributes({
              name: `spec:${check.checkId}`,
              value: check
                .specSections!.map(({ rule, section }) => `${section} (${rule})`)
                .join('; '),
            })}/>`,
        ),
      '    </properties>',
    ];
    const open = `  <testsuite${attributes({
      name: area,
      tests: checks.length,
      failures: checks.filter(isCountedFailure).length,
      errors: checks.filter(isCountedError).length,
      skipped: checks.filter(
        (check) => check.status === 'SKIPPED' || check.status === 'REVIEW' || check.expectedFailure,
      ).length,
      time: seconds(checks.reduce((sum, check) => sum + check.durationMs, 0)),
      timestamp: result.startedAt,
    })}>`;
    return [open, ...properties, ...checks.map(testcase), '  </testsuite>'].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites${attributes({
      name: options.name ?? `PSD2 Workbench run against ${target}`,
      tests: result.checks.length,
      failures: result.checks.filter(isCountedFailure).length,
      errors: result.checks.filter(isCountedError).length,
      time: seconds(result.durationMs),
    })}>`,
    ...suites,
    '</testsuites>',
    '',
  ].join('\n');
}

export function junitReporter(options: FileReporterOptions): Reporter {
  return {
    name: 'junit',
    async onRunEnd(event) {
      await writeReportFile(
        options.outputDir,
        options.fileName ?? DEFAULT_JUNIT_FILE,
        renderJUnit(event.result),
      );
    },
  };
}

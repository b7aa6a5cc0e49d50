/**
 * A collection run's result as JUnit XML (the shape CI servers read, as the suites' JUnit report:
 * Jenkins' junit-10.xsd) and as JSON. JUnit: one testsuite per request (its folders and name),
 * one testcase per assertion, a failed assertion a <failure> naming it and what the answer had;
 * a request that got no answer an <error>; a request without assertions one passing testcase.
 */
import { escapeXmlAttribute, escapeXmlText } from '../../../core/runner/index.js';
import type {
  CollectionRunResult,
  RunRequestResult,
} from '../../../core/collections/collection-run.js';

export const COLLECTION_RUN_REPORTERS = ['junit', 'json'] as const;
export type CollectionRunReporter = (typeof COLLECTION_RUN_REPORTERS)[number];

const seconds = (ms: number) => (Math.max(0, ms) / 1000).toFixed(3);

function attributes(values: Record<string, string | number>): string {
  return Object.entries(values)
    .map(([name, value]) => ` ${name}="${escapeXmlAttribute(String(value))}"`)
    .join('');
}

/** The request as the reports name it: its folders and its name (`Consents / Create`). */
export function requestTitle(request: RunRequestResult): string {
  return [...request.folders, request.name].join(' / ');
}

function testcases(request: RunRequestResult): string[] {
  const classname = requestTitle(request);
  const time = seconds(request.durationMs);
  const out = `      <system-out>${escapeXmlText(`${request.method} ${request.url}${request.status !== undefined ? ` → ${request.status}` : ''}`)}</system-out>`;
  if (request.error !== undefined)
    return [
      `    <testcase${attributes({ classname, name: 'answer', time })}>`,
      `      <error${attributes({ message: request.error, type: 'NoAnswer' })}/>`,
      out,
      '    </testcase>',
    ];
  if (request.assertions.length === 0)
    return [
      `    <testcase${attributes({ classname, name: 'answer', time })}>`,
      out,
      '    </testcase>',
    ];
  return request.assertions.flatMap((assertion) => [
    `    <testcase${attributes({ classname, name: assertion.name, time })}>`,
    ...(assertion.passed
      ? []
      : [
          `      <failure${attributes({ message: `${assertion.name}: ${assertion.message ?? 'failed'}`, type: 'AssertionFailure' })}/>`,
        ]),
    out,
    '    </testcase>',
  ]);
}

const caseCount = (r: RunRequestResult) =>
  r.error !== undefined ? 1 : Math.max(1, r.assertions.length);
const failureCount = (r: RunRequestResult) =>
  r.error !== undefined ? 0 : r.assertions.filter((a) => !a.passed).length;
const errorCount = (r: RunRequestResult) => (r.error !== undefined ? 1 : 0);
const sum = (list: readonly RunRequestResult[], count: (r: RunRequestResult) => number) =>
  list.reduce((n, r) => n + count(r), 0);

export function renderRunJUnit(result: CollectionRunResult): string {
  const what = result.folder ? `${result.collection} / ${result.folder}` : result.collection;
  const suites = result.requests.flatMap((request) => [
    `  <testsuite${attributes({
      name: requestTitle(request),
      tests: caseCount(request),
      failures: failureCount(request),
      errors: errorCount(request),
      time: seconds(request.durationMs),
      timestamp: result.startedAt,
    })}>`,
    ...testcases(request),
    '  </testsuite>',
  ]);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites${attributes({
      name: `Collection ${what} against ${result.target}`,
      tests: sum(result.requests, caseCount),
      failures: sum(result.requests, failureCount),
      errors: sum(result.requests, errorCount),
      time: seconds(Date.parse(result.finishedAt) - Date.parse(result.startedAt)),
    })}>`,
    ...suites,
    '</testsuites>',
    '',
  ].join('\n');
}

export function renderRunReport(result: CollectionRunResult, reporter: CollectionRunReporter) {
  return reporter === 'junit' ? renderRunJUnit(result) : `${JSON.stringify(result, null, 2)}\n`;
}

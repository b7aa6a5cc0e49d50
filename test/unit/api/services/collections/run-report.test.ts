import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { has } from '../../../../support/machine';
import { renderRunJUnit } from '../../../../../main/api/services/collections/run-report';
import type { CollectionRunResult } from '../../../../../main/core/collections/collection-run';
import { childrenNamed, parseXml } from '../../../runner/xml';

const XSD = fileURLToPath(new URL('../../../runner/fixtures/junit-10.xsd', import.meta.url));
const HOSTILE = 'a <b> & "q" \u0001 ]]>';

const result: CollectionRunResult = {
  collection: 'Consents',
  target: 'sandbox',
  startedAt: '2026-11-29T06:00:00.000Z',
  finishedAt: '2026-11-29T06:00:01.500Z',
  passed: false,
  requests: [
    {
      id: '1',
      folders: ['AIS'],
      name: 'Create',
      method: 'POST',
      url: 'http://127.0.0.1/v1/consents',
      status: 201,
      durationMs: 12,
      passed: false,
      assertions: [
        { name: 'status 201', passed: true },
        {
          name: '$.consentStatus == "valid"',
          passed: false,
          message: `$.consentStatus was "received" ${HOSTILE}`,
        },
      ],
    },
    {
      id: '2',
      folders: [],
      name: `Status ${HOSTILE}`,
      method: 'GET',
      url: '/v1/consents/{{consentId}}/status',
      error: 'not sent: no value for {{consentId}}',
      durationMs: 0,
      passed: false,
      assertions: [{ name: 'status 200', passed: false, message: 'no answer' }],
    },
    {
      id: '3',
      folders: [],
      name: 'Plain',
      method: 'GET',
      url: '/x',
      status: 200,
      durationMs: 1,
      passed: true,
      assertions: [],
    },
  ],
};

describe('a collection run as JUnit', () => {
  it('has a testsuite per request and a testcase per assertion, the failure naming it', () => {
    const xml = renderRunJUnit(result);
    const root = parseXml(xml);
    expect(root.attributes).toMatchObject({
      tests: '4',
      failures: '1',
      errors: '1',
      time: '1.500',
    });
    const suites = childrenNamed(root, 'testsuite');
    expect(suites.map((s) => s.attributes.name)).toEqual([
      'AIS / Create',
      expect.stringMatching(/^Status a <b> & "q" .* \]\]>$/),
      'Plain',
    ]);
    const cases = childrenNamed(suites[0]!, 'testcase');
    expect(cases.map((c) => c.attributes.name)).toEqual([
      'status 201',
      '$.consentStatus == "valid"',
    ]);
    const failure = childrenNamed(cases[1]!, 'failure')[0]!;
    expect(failure.attributes.message).toMatch(
      /^\$\.consentStatus == "valid": \$\.consentStatus was "received" a <b> & "q"/,
    );
    expect(
      childrenNamed(childrenNamed(suites[1]!, 'testcase')[0]!, 'error')[0]!.attributes.message,
    ).toBe('not sent: no value for {{consentId}}');
    expect(childrenNamed(childrenNamed(suites[2]!, 'testcase')[0]!, 'failure')).toEqual([]);
  });

  it.runIf(has('xmllint'))('is valid against the JUnit schema CI servers read', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'run-junit-')), 'junit.xml');
    writeFileSync(file, renderRunJUnit(result));
    execFileSync('xmllint', ['--noout', '--schema', XSD, file], { stdio: 'pipe' });
  });
});

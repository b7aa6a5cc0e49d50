/**
 * `workbench collection run` as a CI job runs it: `workbench bank` (sandbox) started as its own
 * process, a profile from `workbench target init`, a Postman collection with assertions imported
 * into a data folder, and the built CLI run as a separate process. A consent, then its status:
 * one assertion passes, one fails → exit 1 and a JUnit report (valid against the schema CI
 * servers read) naming the failing assertion. Bad flags → exit 2 naming what was wrong.
 * Everything on 127.0.0.1.
 */
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { has } from '../../support/machine';
import { childrenNamed, parseXml } from '../../unit/runner/xml';
import { killStartedBanks, startBank, targetInit } from './workbench-bank';

const BIN = resolve('bin/workbench.js');
const XSD = fileURLToPath(new URL('../../unit/runner/fixtures/junit-10.xsd', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'collection-run-'));
const data = join(dir, 'data');
let profile: string;

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

function workbench(args: string[]): Promise<Ran> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      [BIN, ...args],
      { cwd: dir, timeout: 120_000 },
      (error, stdout, stderr) =>
        done({ code: error ? (error.code as number | null) : 0, stdout, stderr }),
    );
  });
}

/** A month from now: a consent's validUntil the bank takes. */
const validUntil = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

/** A Postman collection as a workbench export writes its assertions (pm.test lines). */
const collection = {
  info: {
    name: 'Consent run',
    schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json',
  },
  item: [
    {
      name: 'AIS',
      item: [
        {
          name: 'Create consent',
          event: [
            {
              listen: 'test',
              script: {
                exec: [
                  'pm.test("status 201", function () { pm.response.to.have.status(201); });',
                  'pm.test("$.consentStatus == \\"received\\"", function () { pm.expect(pm.response.json().consentStatus).to.eql("received"); });',
                ],
              },
            },
          ],
          request: {
            method: 'POST',
            header: [{ key: 'PSU-IP-Address', value: '192.0.2.10' }],
            body: {
              mode: 'raw',
              raw: JSON.stringify({
                access: { allPsd2: 'allAccounts' },
                recurringIndicator: true,
                validUntil,
                frequencyPerDay: 4,
                combinedServiceIndicator: false,
              }),
            },
            url: '{{baseUrl}}/v1/consents',
          },
        },
        {
          name: 'Consent status',
          event: [
            {
              listen: 'test',
              script: {
                exec: [
                  'pm.test("$.consentStatus == \\"valid\\"", function () { pm.expect(pm.response.json().consentStatus).to.eql("valid"); });',
                ],
              },
            },
          ],
          request: {
            method: 'GET',
            header: [],
            url: '{{baseUrl}}/v1/consents/{{consentId}}/status',
          },
        },
      ],
    },
  ],
};

beforeAll(async () => {
  if (!existsSync('out/main/cli.js'))
    execFileSync('npx', ['electron-vite', 'build'], { stdio: 'ignore' });
  execFileSync(process.execPath, [BIN, 'certs', 'create', '--out', join(dir, 'certs')]);
  const bank = await startBank(process.execPath, [BIN, 'bank', '--mode', 'sandbox', '--json']);
  profile = await targetInit(bank.line, join(dir, 'certs'), join(dir, 'sandbox.json'));
  writeFileSync(join(dir, 'run.postman_collection.json'), JSON.stringify(collection));
  const imported = await workbench([
    'collection',
    'import',
    '--format',
    'postman',
    'run.postman_collection.json',
    '--data-dir',
    data,
  ]);
  expect(imported.code, imported.stderr).toBe(0);
}, 180_000);
afterAll(killStartedBanks);

describe('workbench collection run', () => {
  it('sends a consent then its status, signed; a failing assertion exits 1 and is named in JUnit', async () => {
    const out = join(dir, 'junit.xml');
    const ran = await workbench([
      'collection',
      'run',
      'Consent run',
      '--target-file',
      profile,
      '--reporter',
      'junit',
      '--out',
      out,
      '--data-dir',
      data,
    ]);
    expect(ran.code, ran.stderr).toBe(1);
    expect(ran.stderr).toMatch(
      /^PASS AIS \/ Create consent: POST http:\/\/127\.0\.0\.1:\d+\/v1\/consents → 201$/m,
    );
    // The status request went to the id the consent's answer carried.
    expect(ran.stderr).toMatch(
      /^FAIL AIS \/ Consent status: GET \S+\/v1\/consents\/[^/{]+\/status → 200$/m,
    );
    expect(ran.stderr).toContain('✗ $.consentStatus == "valid" ($.consentStatus was "received")');
    const xml = readFileSync(out, 'utf8');
    const root = parseXml(xml);
    expect(root.attributes).toMatchObject({ tests: '3', failures: '1', errors: '0' });
    const [create, status] = childrenNamed(root, 'testsuite');
    expect(childrenNamed(create!, 'testcase').map((c) => c.attributes.name)).toEqual([
      'status 201',
      '$.consentStatus == "received"',
    ]);
    expect(childrenNamed(create!, 'testcase').flatMap((c) => childrenNamed(c, 'failure'))).toEqual(
      [],
    );
    const failing = childrenNamed(status!, 'testcase')[0]!;
    expect(failing.attributes).toMatchObject({
      classname: 'AIS / Consent status',
      name: '$.consentStatus == "valid"',
    });
    expect(childrenNamed(failing, 'failure')[0]!.attributes.message).toBe(
      '$.consentStatus == "valid": $.consentStatus was "received"',
    );
    if (has('xmllint'))
      execFileSync('xmllint', ['--noout', '--schema', XSD, out], { stdio: 'pipe' });
  }, 120_000);

  it('runs one folder and prints the JSON report on stdout without --out', async () => {
    const ran = await workbench([
      'collection',
      'run',
      'Consent run',
      '--folder',
      'AIS',
      '--target-file',
      profile,
      '--reporter',
      'json',
      '--data-dir',
      data,
    ]);
    const result = JSON.parse(ran.stdout) as { requests: { name: string; passed: boolean }[] };
    expect(result.requests.map((r) => [r.name, r.passed])).toEqual([
      ['Create consent', true],
      ['Consent status', false],
    ]);
    expect(ran.code).toBe(1);
  }, 120_000);

  it.each([
    [['--reporter', 'xml'], /^workbench collection: --reporter/],
    [
      ['--folder', 'Nope'],
      /^workbench collection: The collection 'Consent run' has no folder 'Nope'; its folders: 'AIS'\.$/,
    ],
    [
      ['--env', 'staging'],
      /^workbench collection: The target \S+ has no environment 'staging'; it has no environments\.$/,
    ],
    [['--bogus'], /^workbench collection: unknown flag '--bogus'/],
  ])(
    'exits 2 naming what was wrong: %j',
    async (flags, message) => {
      const ran = await workbench([
        'collection',
        'run',
        'Consent run',
        '--target-file',
        profile,
        '--data-dir',
        data,
        ...flags,
      ]);
      expect(ran.code, ran.stderr).toBe(2);
      expect(ran.stderr.split('\n')[0]).toMatch(message);
      expect(ran.stdout).toBe('');
    },
    60_000,
  );

  it('exits 2 naming an unknown collection and the saved ones', async () => {
    const ran = await workbench([
      'collection',
      'run',
      'Nope',
      '--target-file',
      profile,
      '--data-dir',
      data,
    ]);
    expect(ran.code).toBe(2);
    expect(ran.stderr.trim()).toBe(
      "workbench collection: There is no collection 'Nope'; the saved ones: 'Consent run'.",
    );
  }, 60_000);
});

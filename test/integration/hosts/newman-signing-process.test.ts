/**
 * A collection exported `--with-signing` runs with real newman against `workbench bank` (sandbox,
 * its own process) and every request is answered 2xx: the exported pre-request script signs per
 * §5.2 with the key and certificate given as newman `--env-var`s. The same export without the
 * option is answered 400 (unsigned, §5.2.1), and an empty key variable fails the request with the
 * variable's name instead of sending it unsigned. Everything on 127.0.0.1.
 */
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killStartedBanks, startBank, type Started } from './workbench-bank';

const BIN = 'bin/workbench.js';
const NEWMAN = 'node_modules/.bin/newman';
const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'newman-signing-'));
const file = (name: string) => join(dir, name);
let bank: Started;

/** A consent POST whose test script keeps the consentId, then GET of that consent's status. */
const collection = {
  info: {
    name: 'Signed outside',
    schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json',
  },
  item: [
    {
      name: 'Create consent',
      request: {
        method: 'POST',
        url: '{{baseUrl}}/v1/consents',
        header: [{ key: 'Content-Type', value: 'application/json' }],
        body: {
          mode: 'raw',
          raw: '{\n  "access": { "allPsd2": "allAccounts" },\n  "recurringIndicator": true,\n  "validUntil": "{{validUntil}}",\n  "frequencyPerDay": 4\n}',
        },
      },
      event: [
        {
          listen: 'test',
          script: {
            exec: ["pm.collectionVariables.set('consentId', pm.response.json().consentId);"],
          },
        },
      ],
    },
    {
      name: 'Consent status',
      request: {
        method: 'GET',
        url: '{{baseUrl}}/v1/consents/{{consentId}}/status',
        header: [],
      },
    },
  ],
  variable: [
    { key: 'validUntil', value: '2099-12-31' },
    { key: 'consentId', value: '' },
  ],
};

interface NewmanExecution {
  item: { name: string };
  response?: { code: number };
  requestError?: unknown;
}
interface NewmanReport {
  run: {
    executions: NewmanExecution[];
    failures: { error: { message: string; name: string } }[];
  };
}

/** Runs newman on an exported collection; the JSON report and newman's exit code. */
async function newman(
  exported: string,
  vars: Record<string, string>,
): Promise<{ report: NewmanReport; code: number }> {
  const report = `${exported}.report.json`;
  const args = ['run', exported, '--reporters', 'json', '--reporter-json-export', report];
  for (const [key, value] of Object.entries(vars)) args.push('--env-var', `${key}=${value}`);
  const code = await run(NEWMAN, args).then(
    () => 0,
    (error: { code: number }) => error.code,
  );
  return { report: JSON.parse(readFileSync(report, 'utf8')) as NewmanReport, code };
}

async function exported(name: string, signing: boolean): Promise<string> {
  const out = file(`${name}.postman_collection.json`);
  await run(process.execPath, [
    BIN,
    'collection',
    'export',
    'Signed outside',
    '--format',
    'postman',
    '--out',
    out,
    '--data-dir',
    file('data'),
    ...(signing ? ['--with-signing'] : []),
  ]);
  return out;
}

const statuses = (report: NewmanReport) =>
  report.run.executions.map((e) => [e.item.name, e.response?.code]);

beforeAll(async () => {
  if (!existsSync('out/main/cli.js'))
    execFileSync('npx', ['electron-vite', 'build'], { stdio: 'ignore' });
  await run(process.execPath, [BIN, 'certs', 'create', '--out', dir]);
  writeFileSync(file('fixture.postman_collection.json'), JSON.stringify(collection));
  await run(process.execPath, [
    BIN,
    'collection',
    'import',
    '--format',
    'postman',
    file('fixture.postman_collection.json'),
    '--data-dir',
    file('data'),
  ]);
  bank = await startBank(process.execPath, [BIN, 'bank', '--mode', 'sandbox', '--json']);
}, 180_000);

afterAll(async () => {
  bank?.child.kill('SIGTERM');
  if (bank) await bank.exit;
  killStartedBanks();
});

const key = () => readFileSync(file('qsealc.key.pem'), 'utf8');
const certificate = () => readFileSync(file('qsealc.pem'), 'utf8');

describe('newman runs a workbench export against workbench bank', () => {
  it('with signing: every request is answered 2xx, the status read uses the captured consent', async () => {
    const { report, code } = await newman(await exported('signed', true), {
      baseUrl: bank.line.url,
      tppRedirectUri: 'https://tpp.example/callback',
      signingKeyPem: key(),
      signingCertificatePem: certificate(),
    });
    expect(report.run.failures).toEqual([]);
    expect(statuses(report)).toEqual([
      ['Create consent', 201],
      ['Consent status', 200],
    ]);
    expect(code).toBe(0);
  }, 120_000);

  it('without signing: the bank answers 400, so the signing is what makes the run pass', async () => {
    const { report } = await newman(await exported('unsigned', false), {
      baseUrl: bank.line.url,
      signingKeyPem: key(),
      signingCertificatePem: certificate(),
    });
    expect(statuses(report)).toEqual([
      ['Create consent', 400],
      ['Consent status', 400],
    ]);
  }, 120_000);

  it('an empty key variable fails each request naming the variable; nothing is sent', async () => {
    const { report, code } = await newman(await exported('no-key', true), {
      baseUrl: bank.line.url,
      signingCertificatePem: certificate(),
    });
    expect(code).not.toBe(0);
    expect(report.run.executions.every((e) => e.response === undefined)).toBe(true);
    expect(report.run.failures[0]?.error.message).toMatch(
      /Cannot sign the request \(§5\.2\): the variable signingKeyPem is empty/,
    );
  }, 120_000);
});

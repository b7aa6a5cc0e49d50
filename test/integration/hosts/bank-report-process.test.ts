/**
 * The TPP report and signed answers on the built CLI: `workbench bank --report junit,html,json
 * --report-dir
 * DIR --admin --sign-responses` as a TPP's CI runs it. The admin API serves the TPP report at any
 * time (bad input is a 400 naming the field); SIGTERM writes the three files: JUnit that xmllint
 * accepts, a self-contained HTML page, and the JSON with the client's mistake; `workbench request`
 * verifies the signed answers. Bad report and signing flags are usage errors (exit 2).
 */
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killStartedBanks, startBank } from './workbench-bank';

const BIN = 'bin/workbench.js';
const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'bank-report-'));
const reportDir = join(dir, 'reports');

beforeAll(async () => {
  if (!existsSync('out/main/cli.js'))
    execFileSync('npx', ['electron-vite', 'build'], { stdio: 'ignore' });
  await run(process.execPath, [BIN, 'certs', 'create', '--out', dir]);
}, 120_000);

afterAll(killStartedBanks);

async function workbench(args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, [BIN, ...args]);
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failure = error as { code: number; stdout: string; stderr: string };
    return { code: failure.code, stdout: failure.stdout, stderr: failure.stderr };
  }
}

const signing = () => [
  '--sign-cert',
  join(dir, 'qsealc.pem'),
  '--sign-key',
  join(dir, 'qsealc.key.pem'),
];

describe('workbench bank --report and --sign-responses', () => {
  it('serves the report through the admin API and writes it on SIGTERM', async () => {
    const certOut = join(dir, 'bank-seal.pem');
    const bank = await startBank(process.execPath, [
      BIN,
      ...['bank', '--mode', 'sandbox', '--json', '--admin'],
      ...['--report', 'junit,html,json', '--report-dir', reportDir],
      ...['--sign-responses', '--response-cert-out', certOut],
    ]);
    const line = bank.line as typeof bank.line & { report: Record<string, string> };
    expect(line.report).toEqual({
      junit: join(reportDir, 'tpp-junit.xml'),
      html: join(reportDir, 'tpp-report.html'),
      json: join(reportDir, 'tpp-report.json'),
    });
    expect(readFileSync(certOut, 'utf8')).toMatch(/^-----BEGIN CERTIFICATE-----/);

    // A TPP that forgets TPP-Redirect-URI on the card transactions read (§5.3(2)).
    const target = `${line.url}/v1/card-accounts/card-10000001/transactions?bookingStatus=booked`;
    const forgot = await workbench([
      'request',
      'GET',
      target,
      ...signing(),
      ...['--header', 'x-accept-fix: amount-as-string', '--header', 'TPP-Session-ID: s-1'],
    ]);
    // The answer is signed and verifies: the refusal is the bank's own.
    expect(forgot.code, forgot.stderr).toBe(0);
    expect(forgot.stdout).toMatch(/TPP-Redirect-URI header is required/);

    const auth = { authorization: `Bearer ${line.admin!.token}` };
    const json = await fetch(`${line.admin!.url}/report`, { headers: auth });
    expect(json.status).toBe(200);
    const live = (await json.json()) as { rules: { id: string; status: string }[] };
    expect(live.rules.find((rule) => rule.id === 'TPP-REDIRECT-URI')?.status).toBe('FAIL');
    const html = await fetch(`${line.admin!.url}/report?format=html`, { headers: auth });
    expect(html.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await html.text()).toMatch(/^<!doctype html>/);
    const junit = await fetch(`${line.admin!.url}/report?format=junit`, { headers: auth });
    expect(junit.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const bad = await fetch(`${line.admin!.url}/report?format=pdf`, { headers: auth });
    expect([bad.status, await bad.json()]).toEqual([
      400,
      {
        error: {
          code: 'BAD_REQUEST',
          message: 'format must be one of json, junit, html',
          field: 'format',
        },
        tppMessages: [
          {
            category: 'ERROR',
            code: 'BAD_REQUEST',
            path: 'format',
            text: 'format must be one of json, junit, html',
          },
        ],
      },
    ]);

    process.kill(line.pid, 'SIGTERM');
    expect(await bank.exit).toEqual({ code: 0, signal: null });

    const xml = join(reportDir, 'tpp-junit.xml');
    if (existsSync('/usr/bin/xmllint')) execFileSync('/usr/bin/xmllint', ['--noout', xml]);
    const junitText = readFileSync(xml, 'utf8');
    expect(junitText).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>/);
    expect(junitText).toMatch(
      /<testcase classname="tpp-conformance" name="TPP-REDIRECT-URI"[^>]*>\s*<failure /,
    );

    const page = readFileSync(join(reportDir, 'tpp-report.html'), 'utf8');
    // Self-contained: no scripts, no stylesheets or images from elsewhere.
    expect(page).not.toMatch(/<script|<link|<img[^>]+src="(?!data:)|url\(/);
    expect(page).toContain('TPP-REDIRECT-URI');

    const written = JSON.parse(readFileSync(join(reportDir, 'tpp-report.json'), 'utf8')) as {
      format: string;
      rules: { id: string; status: string }[];
    };
    expect(written.format).toBe('psd2-workbench/tpp-report');
    expect(written.rules.filter((rule) => rule.status === 'FAIL').map((rule) => rule.id)).toEqual([
      'TPP-REDIRECT-URI',
    ]);
  }, 120_000);

  it.each([
    [['--report', 'junit'], /--report needs --report-dir DIR/],
    [['--report-dir', 'x'], /--report-dir needs --report/],
    [['--report', 'junit,pdf', '--report-dir', 'x'], /unknown report format 'pdf'/],
    [['--response-cert', 'a.pem'], /--response-cert and --response-key go together/],
    [['--response-cert-out', 'a.pem'], /--response-cert-out needs --sign-responses/],
  ])('refuses %j with exit 2', async (flags, message) => {
    const result = await workbench(['bank', '--mode', 'sandbox', ...flags]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
  });

  it('refuses a response key that does not match its certificate (exit 2)', async () => {
    const key = join(dir, 'other.key.pem');
    writeFileSync(key, readFileSync(join(dir, 'qwac.key.pem')));
    const result = await workbench([
      ...['bank', '--mode', 'sandbox'],
      ...['--response-cert', join(dir, 'qsealc.pem'), '--response-key', key],
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/does not belong to the certificate/);
  });
});

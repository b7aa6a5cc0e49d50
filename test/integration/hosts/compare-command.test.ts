/**
 * `workbench compare` from the built CLI (bin/workbench.js), as a user runs it: the SCA checks run
 * against the embedded bank in sandbox and in production mode, and the two run results compared
 * judge §1 SCA-SAME-FLOW-BOTH-ENVIRONMENTS — PASS as they are, FAIL (exit 1) once the production
 * result says another scaStatus, not judged for two sandbox runs, exit 2 for a file that is not a
 * run result.
 */
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const BIN = resolve('bin/workbench.js');
const dir = mkdtempSync(join(tmpdir(), 'cli-compare-'));
const resultOf = (mode: string) => join(dir, mode, 'run-result.json');

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

beforeAll(async () => {
  if (!existsSync('out/main/cli.js'))
    execFileSync('npx', ['electron-vite', 'build'], { stdio: 'ignore' });
  for (const mode of ['sandbox', 'production']) {
    const ran = await workbench([
      'run',
      '--target',
      'embedded',
      '--mode',
      mode,
      '--suite',
      'sca-sessions',
      '--reporter',
      'json',
      '--out',
      join(dir, mode),
    ]);
    expect(ran.code, ran.stderr).toBe(0);
  }
}, 240_000);

describe('workbench compare: one SCA flow in sandbox and production (§1)', () => {
  it('PASSes a sandbox run and a production run of the embedded bank', async () => {
    const ran = await workbench(['compare', resultOf('sandbox'), resultOf('production')]);
    expect(ran.code, ran.stderr).toBe(0);
    expect(ran.stdout).toMatch(/^SCA-SAME-FLOW-BOTH-ENVIRONMENTS \(§1\): PASS: \d+ SCA flows/m);
    const json = await workbench([
      'compare',
      '--json',
      resultOf('production'),
      resultOf('sandbox'),
    ]);
    expect(JSON.parse(json.stdout)).toMatchObject({ scaFlow: { verdict: 'PASS' } });
  });

  it('FAILs, exit 1, naming the check, the step and both values when one status differs', async () => {
    const doctored = join(dir, 'doctored.json');
    // The production bank, as it would answer with another scaStatus after the SCA.
    const text = readFileSync(resultOf('production'), 'utf8');
    expect(text).toContain('\\"scaStatus\\":\\"FINALISED\\"');
    writeFileSync(
      doctored,
      text.replaceAll('\\"scaStatus\\":\\"FINALISED\\"', '\\"scaStatus\\":\\"EXEMPTED\\"'),
    );
    const ran = await workbench(['compare', resultOf('sandbox'), doctored]);
    expect(ran.code).toBe(1);
    expect(ran.stdout).toContain(
      'SCA-SAME-FLOW-BOTH-ENVIRONMENTS (§1): FAIL: SCA-STATUS-VALUES-READ step 4: sandbox GET /v1/consents/{consentId}/authorisations/{authorisationId} → 200, scaStatus=FINALISED; production GET /v1/consents/{consentId}/authorisations/{authorisationId} → 200, scaStatus=EXEMPTED',
    );
  });

  it('does not judge two sandbox runs', async () => {
    const ran = await workbench(['compare', resultOf('sandbox'), resultOf('sandbox')]);
    expect(ran.code).toBe(0);
    expect(ran.stdout).toContain(
      'SCA-SAME-FLOW-BOTH-ENVIRONMENTS (§1): INCONCLUSIVE: both runs are of sandbox',
    );
  });

  it('refuses a file that is not a run result, naming it, exit 2', async () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, '{"format":"something else"}');
    const ran = await workbench(['compare', bad, resultOf('sandbox')]);
    expect(ran.code).toBe(2);
    expect(ran.stderr).toContain(`PREVIOUS: `);
    expect(ran.stderr).toContain(bad);
    expect(ran.stderr).not.toMatch(/at .*\.js:\d+/);
  });
});

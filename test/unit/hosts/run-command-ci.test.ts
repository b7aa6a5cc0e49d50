/**
 * `workbench run` for CI pipelines: the --json summary line, --write-baseline, a stale baseline,
 * --rerun-failed, --exclude, and the pre-flight that ends a run against a silent target at once.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { captureCliIo } from '../../support/cli-capture';
import { UsageError } from '../../../main/hosts/cli/io';
import { certsCommand } from '../../../main/hosts/cli/certs-command';
import { createRunCommand } from '../../../main/hosts/cli/run-command';
import { parseBaseline } from '../../../main/shared/baseline';
import { parseRunResult } from '../../../main/core/runner/results/result-file';
import { readZip, writeZip } from '../../../main/core/runner/evidence/zip';
import { verifyBundleCommand } from '../../../main/hosts/cli/verify-bundle-command';
import { check } from '../runner/fakes';
import type { CheckContext } from '../../../main/core/runner/check-api/index';

const capture = () => captureCliIo(() => new Promise(() => {}));

const failing =
  (message: string) => async (ctx: { expect: { true(v: boolean, m: string): void } }) =>
    ctx.expect.true(false, message);
const checks = [
  check('OK', undefined, { area: 'general', tags: ['smoke'] }),
  check('BROKEN', failing('broken'), { area: 'general' }),
  check('KNOWN', failing('known'), { area: 'signing' }),
];
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'run-ci-'));
});

async function run(argv: string[], options: { checks: typeof checks } = { checks }) {
  const io = capture();
  const code = await createRunCommand(options).run(['--target', 'embedded', ...argv], io);
  return { code, ...io };
}

function file(name: string, content: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

describe('workbench run --json', () => {
  it('prints one JSON line on stdout and the console lines on stderr', async () => {
    const out = join(dir, 'json-out');
    const ran = await run(['--json', '--reporter', 'junit,json', '--out', out]);
    expect(ran.code).toBe(1);
    expect(ran.stdout).toHaveLength(1);
    const summary = JSON.parse(ran.stdout[0]!);
    expect(summary).toMatchObject({
      exitCode: 1,
      target: { mode: 'sandbox' },
      counts: { total: 3, PASS: 1, FAIL: 2, WARNING: 0, SKIPPED: 0, expectedFailures: 0 },
      failed: ['BROKEN', 'KNOWN'],
      couldNotTest: null,
      cancelled: false,
      reports: { junit: join(out, 'junit.xml'), json: join(out, 'run-result.json') },
    });
    expect(summary.durationMs).toBeGreaterThanOrEqual(0);
    expect(existsSync(summary.reports.junit)).toBe(true);
    expect(parseRunResult(readFileSync(summary.reports.json, 'utf8')).runId).toBe(summary.runId);
    expect(ran.stderr.some((line) => line.startsWith('FAIL    BROKEN'))).toBe(true);
    expect(ran.stderr.at(-1)).toMatch(`Reports: junit, json in ${out} (also named `);
    expect(summary.namedReports.junit).toMatch(
      new RegExp(`^${out}/embedded-sandbox-\\d{8}T\\d{6}Z\\.junit\\.xml$`),
    );
    expect(readFileSync(summary.namedReports.json, 'utf8')).toBe(
      readFileSync(summary.reports.json, 'utf8'),
    );
  }, 30_000);
});

describe('a stale baseline', () => {
  it('fails the run naming an entry that now passes, unless --allow-stale-baseline', async () => {
    const baseline = file('fixed.json', {
      expectedFailures: [
        { checkId: 'BROKEN', reason: 'BANK-1' },
        { checkId: 'KNOWN', reason: 'BANK-2' },
        { checkId: 'OK', reason: 'BANK-3' },
      ],
    });
    const strict = await run(['--baseline', baseline]);
    expect(strict.code).toBe(1);
    expect(strict.stdout).toContain(
      'Stale baseline: OK now passes: fixed, remove it from the baseline.',
    );
    const allowed = await run(['--baseline', baseline, '--allow-stale-baseline']);
    expect(allowed.code).toBe(0);
    expect(allowed.stdout).toContain(
      'Stale baseline (allowed): OK now passes: fixed, remove it from the baseline.',
    );
  }, 30_000);

  it('fails the run on an entry no check has, but not on a check left out of the selection', async () => {
    const baseline = file('gone.json', {
      expectedFailures: [
        { checkId: 'BROKEN', reason: 'BANK-1' },
        { checkId: 'KNOWN', reason: 'BANK-2' },
        { checkId: 'RENAMED-AWAY', reason: 'BANK-4' },
      ],
    });
    const ran = await run(['--baseline', baseline, '--json']);
    expect(ran.code).toBe(1);
    expect(ran.stderr).toContain(
      'Stale baseline: RENAMED-AWAY is not a check of this workbench (removed or renamed): remove it from the baseline.',
    );
    expect(JSON.parse(ran.stdout[0]!).baseline).toMatchObject({
      unknown: ['RENAMED-AWAY'],
      stale: true,
    });
    const selected = file('selected.json', {
      expectedFailures: [
        { checkId: 'BROKEN', reason: 'BANK-1' },
        { checkId: 'KNOWN', reason: 'BANK-2' },
      ],
    });
    expect((await run(['--baseline', selected, '--suite', 'general'])).code).toBe(0);
  }, 30_000);
});

describe('workbench run --write-baseline', () => {
  it("writes the run's failures as a baseline that makes the next run pass", async () => {
    const written = join(dir, 'adopted', 'baseline.json');
    const first = await run(['--write-baseline', written]);
    expect(first.code).toBe(1);
    const baseline = parseBaseline(readFileSync(written, 'utf8'));
    expect(baseline.expectedFailures.map((e) => e.checkId)).toEqual(['BROKEN', 'KNOWN']);
    expect(baseline.expectedFailures[0]!.reason).toMatch(/^adopted \d{4}-\d{2}-\d{2}: .*broken/);
    expect((await run(['--baseline', written])).code).toBe(0);
  }, 30_000);

  it('keeps the entries of checks the run did not select and drops those no check has', async () => {
    const previous = file('previous.json', {
      expectedFailures: [
        { checkId: 'KNOWN', reason: 'BANK-2' },
        { checkId: 'RENAMED-AWAY', reason: 'BANK-4' },
      ],
    });
    const written = join(dir, 'partial.json');
    const ran = await run([
      '--suite',
      'general',
      '--baseline',
      previous,
      '--allow-stale-baseline',
      '--write-baseline',
      written,
    ]);
    expect(ran.code).toBe(1);
    expect(parseBaseline(readFileSync(written, 'utf8')).expectedFailures).toEqual([
      { checkId: 'BROKEN', reason: expect.stringMatching(/^adopted /) },
      { checkId: 'KNOWN', reason: 'BANK-2' },
    ]);
  }, 30_000);
});

describe('workbench run --rerun-failed and --exclude', () => {
  it('re-runs only the checks that failed in an earlier run-result.json', async () => {
    const out = join(dir, 'first');
    await run(['--reporter', 'json', '--out', out]);
    const again = await run(['--rerun-failed', join(out, 'run-result.json'), '--json']);
    const summary = JSON.parse(again.stdout[0]!);
    expect(summary.counts.total).toBe(2);
    expect(summary.failed).toEqual(['BROKEN', 'KNOWN']);
  }, 30_000);

  it('refuses a file that is not a run result, and one in which nothing failed', async () => {
    await expect(run(['--rerun-failed', file('not.json', '{"a":1}')])).rejects.toThrow(
      /--rerun-failed: .*not a PSD2 Workbench run result/,
    );
    await expect(run(['--rerun-failed', join(dir, 'missing.json')])).rejects.toThrow(
      /--rerun-failed: cannot read '.*missing\.json' \(ENOENT\)/,
    );
    const out = join(dir, 'green');
    await run(['--reporter', 'json', '--out', out, '--exclude', 'BROKEN', '--exclude', 'signing']);
    await expect(run(['--rerun-failed', join(out, 'run-result.json')])).rejects.toThrow(
      /--rerun-failed: no check failed or could not test in .*; there is nothing to re-run/,
    );
  }, 30_000);

  it('drops checks by id, tag or area, and refuses a value that names no check', async () => {
    const ran = await run(['--exclude', 'smoke', '--exclude', 'signing', '--json']);
    expect(JSON.parse(ran.stdout[0]!).failed).toEqual(['BROKEN']);
    expect(JSON.parse(ran.stdout[0]!).counts.total).toBe(1);
    await expect(run(['--exclude', 'nope'])).rejects.toThrow(UsageError);
    await expect(run(['--exclude', 'nope'])).rejects.toThrow(
      "--exclude: 'nope' is neither a check id, a tag nor an area of any check",
    );
    await expect(run(['--exclude', 'general', '--exclude', 'signing'])).rejects.toThrow(
      'no check matches the selection in sandbox mode',
    );
  }, 30_000);
});

describe('pre-flight', () => {
  it('ends a run against a target that drops packets at once with 3, every check an error', async () => {
    const certs = join(dir, 'certs');
    expect(await certsCommand.run(['create', '--out', certs], capture())).toBe(0);
    const out = join(dir, 'silent');
    const io = capture();
    const started = performance.now();
    const code = await createRunCommand({
      checks,
      preflight: { timeoutMs: 100, connect: () => new Socket() },
    }).run(
      [
        '--target',
        'https://bank.invalid:8443',
        '--sign-cert',
        join(certs, 'qsealc.pem'),
        '--sign-key',
        join(certs, 'qsealc.key.pem'),
        '--reporter',
        'junit,json',
        '--out',
        out,
        '--timeout',
        '60000',
      ],
      io,
    );
    expect(code).toBe(3);
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(io.stderr[0]).toMatch(
      /^workbench run: pre-flight: no TCP connection to bank\.invalid:8443 within 0\.1 s/,
    );
    expect(io.stderr.at(-1)).toMatch(/could not test https:\/\/bank\.invalid:8443: .*pre-flight/);
    const result = parseRunResult(readFileSync(join(out, 'run-result.json'), 'utf8'));
    expect(result.checks.map((c) => c.couldNotTest?.transportError)).toEqual(
      checks.map(() => expect.stringMatching(/^pre-flight: no TCP connection/)),
    );
    expect(readFileSync(join(out, 'junit.xml'), 'utf8').split('<error ').length - 1).toBe(3);
  }, 60_000);
});

describe('workbench run --bundle and workbench verify-bundle', () => {
  it('writes a sealed ZIP of the reports, HAR and curl that verifies, and names a changed file', async () => {
    const certs = join(dir, 'bundle-certs');
    expect(await certsCommand.run(['create', '--out', certs], capture())).toBe(0);
    const bundle = join(dir, 'evidence', 'run.zip');
    const seal = [
      '--bundle-key',
      join(certs, 'qsealc.key.pem'),
      '--bundle-cert',
      join(certs, 'qsealc.pem'),
    ];
    // --reporter junit only: the bundle still holds all three reports.
    const ran = await run(
      ['--reporter', 'junit', '--out', join(dir, 'bundled'), '--bundle', bundle, ...seal, '--json'],
      {
        // One check that talks to the bank, so the HAR and the curl script have exchanges.
        checks: [
          ...checks,
          check(
            'SENDS',
            async (ctx: CheckContext) => {
              await ctx.client.send({ method: 'GET', path: '/v1/accounts', label: 'accounts' });
            },
            { area: 'general' },
          ),
        ],
      },
    );
    expect(ran.code).toBe(1);
    expect(JSON.parse(ran.stdout[0]!).bundle).toBe(bundle);
    const names = readZip(readFileSync(bundle)).map((file) => file.name);
    expect(names).toEqual([
      'junit.xml',
      'report.html',
      'run-result.json',
      'exchanges.har',
      'exchanges.curl.sh',
      'manifest.json',
      'manifest.sig',
      'signer.pem',
    ]);

    const entries = new Map(readZip(readFileSync(bundle)).map((f) => [f.name, f.content]));
    const runResult = JSON.parse(entries.get('run-result.json')!.toString());
    expect(runResult.meta.spec.apiRelease).toBe('1.21.25');
    expect(runResult.meta.spec.xs2aVersion).toBeUndefined();
    expect(runResult.meta.signingCertificate.subject).toContain('Workbench Suites TPP');
    expect(runResult.meta.signingCertificate.sha256).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect(entries.get('junit.xml')!.toString()).toContain('API 1.21.25 per §9');
    // Every exchange of the run is in the HAR and in the curl script, once.
    const ids = new Set<string>(
      runResult.checks.flatMap(
        (check: { evidence: { kind: string; exchange?: { id: string } }[] }) =>
          check.evidence.flatMap((item) => (item.kind === 'exchange' ? [item.exchange!.id] : [])),
      ),
    );
    expect(ids.size).toBeGreaterThan(0);
    const har = JSON.parse(entries.get('exchanges.har')!.toString());
    expect(har.log.version).toBe('1.2');
    expect(har.log.entries).toHaveLength(ids.size);
    const curl = entries.get('exchanges.curl.sh')!.toString();
    expect(curl.match(/^curl --request /gm)).toHaveLength(ids.size);

    const verified = capture();
    expect(
      await verifyBundleCommand.run([bundle, '--cert', join(certs, 'qsealc.pem')], verified),
    ).toBe(0);
    expect(verified.stdout.at(-1)).toMatch(/run\.zip: verified, 5 files sealed by .* on \d{4}-/);

    const changed = join(dir, 'evidence', 'changed.zip');
    writeFileSync(
      changed,
      writeZip(
        readZip(readFileSync(bundle)).map((file) =>
          file.name === 'report.html'
            ? {
                name: file.name,
                content: Buffer.from(file.content.toString().replace('FAIL', 'PASS')),
              }
            : file,
        ),
      ),
    );
    const refused = capture();
    expect(await verifyBundleCommand.run([changed], refused)).toBe(1);
    expect(refused.stdout).toContainEqual(expect.stringMatching(/^DIFFERS report\.html/));
    expect(refused.stderr).toEqual([
      expect.stringMatching(
        /^verify-bundle: report\.html: SHA-256 [0-9a-f]{64}, the manifest says /,
      ),
    ]);
    // Sealed by another certificate than the one asked for.
    const other = capture();
    expect(await verifyBundleCommand.run([bundle, '--cert', join(certs, 'qwac.pem')], other)).toBe(
      1,
    );
    expect(other.stderr[0]).toMatch(/signer\.pem: signed by .*, not by the expected certificate/);
  }, 60_000);

  it('refuses bad bundle flags naming them', async () => {
    await expect(
      run(['--bundle', join(dir, 'b.tar'), '--bundle-key', 'k', '--bundle-cert', 'c']),
    ).rejects.toThrow(/--bundle: '.*b\.tar' must end in \.zip/);
    await expect(run(['--bundle', join(dir, 'b.zip')])).rejects.toThrow(
      '--bundle with --target embedded needs --bundle-key and --bundle-cert',
    );
    await expect(run(['--bundle-key', 'k.pem'])).rejects.toThrow(
      '--bundle-key and --bundle-cert go with --bundle FILE',
    );
    await expect(run(['--bundle', 'b.zip', '--bundle-key', 'k.pem'])).rejects.toThrow(
      '--bundle-key and --bundle-cert go together',
    );
    await expect(
      run(['--bundle', 'b.zip', '--bundle-key', join(dir, 'nope.pem'), '--bundle-cert', 'c.pem']),
    ).rejects.toThrow(/--bundle-cert: cannot read 'c\.pem'/);
    await expect(verifyBundleCommand.run([], capture())).rejects.toThrow(UsageError);
    await expect(verifyBundleCommand.run([join(dir, 'none.tar')], capture())).rejects.toThrow(
      /verify-bundle: cannot read '.*none\.tar' \(ENOENT\)/,
    );
  }, 30_000);
});

/** The suite runner as the UI drives it: catalogue, a run with live events, results, reports. */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createServices, type Services } from '../../../main/api/services';
import type { CallOutcome, RunnerEvent, RunSummaryView } from '../../../main/api/contract';
import { defineCheck } from '../../../main/core/runner/check-api/index';
import { RunnerService } from '../../../main/api/services/runner/runner-service';
import { EXPORT_BASELINE } from '../../../main/api/services/runner/report-export';
import { createRunCommand } from '../../../main/hosts/cli/run-command';
import type { CliIo } from '../../../main/hosts/cli/io';
import { parseRunResult, type RunMetadata } from '../../../main/core/runner/index';
import { API_RELEASE } from '../../../main/core/spec/index';

let services: Services;
beforeEach(() => {
  services = createServices({ kind: 'web' });
});
afterEach(() => services.dispose());

async function ok<T>(outcome: Promise<CallOutcome>): Promise<T> {
  const result = await outcome;
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.result as T;
}

function finished(runId: string): Promise<RunSummaryView> {
  return new Promise((resolve) => {
    const off = services.events.subscribe((name, payload) => {
      if (name === 'runner.finished' && (payload as RunSummaryView).runId === runId) {
        off();
        resolve(payload as RunSummaryView);
      }
    });
  });
}

describe('runner through the contract', () => {
  it('lists every rule with its checks, and the checks', async () => {
    const catalogue = await ok<{
      rules: { id: string; testable: boolean; reason?: string; checkIds: string[] }[];
      checks: { id: string; rules: string[] }[];
    }>(services.dispatch('runner.catalogue', {}));
    expect(catalogue.rules.length).toBeGreaterThan(100);
    expect(
      catalogue.rules.filter((r) => !r.testable).every((r) => (r.reason ?? '').length > 0),
    ).toBe(true);
    for (const check of catalogue.checks) {
      for (const rule of check.rules)
        expect(catalogue.rules.find((r) => r.id === rule)?.checkIds).toContain(check.id);
    }
  });

  it('runs checks with live events, keeps the result, and exports JUnit, HTML and JSON', async () => {
    // A runner over two tiny checks of its own, so this test is about the service, not the bank.
    const runner = new RunnerService(services.events, [
      defineCheck({
        id: 'T-PASS',
        title: 'passes',
        area: 'general',
        rules: ['GEN-JSON-PAYLOADS'],
        run: async () => undefined,
      }),
      defineCheck({
        id: 'T-FAIL',
        title: 'fails <on purpose>',
        area: 'general',
        rules: ['GEN-UTF-8'],
        run: async (ctx) => ctx.expect.equal(1, 2, 'one is two'),
      }),
    ]);
    const events: RunnerEvent[] = [];
    services.events.subscribe(
      (name, payload) => name === 'runner.event' && events.push(payload as RunnerEvent),
    );
    const { runId } = await runner.start({ target: 'embedded-sandbox' });
    const done = await finished(runId);
    expect(done.counts).toMatchObject({ PASS: 1, FAIL: 1 });
    expect(events.map((e) => e.event.type)).toEqual(
      expect.arrayContaining(['run:begin', 'check:begin', 'check:end', 'run:end']),
    );
    expect(events.every((e) => e.runId === runId)).toBe(true);

    // The files are named after the run: target, mode and start, as the CLI's named copies.
    const name = `embedded-sandbox-${runner
      .result(runId)
      .startedAt.replace(/\.\d+Z$/, 'Z')
      .replace(/[-:]/g, '')}`;
    const junit = runner.report({ runId, format: 'junit' });
    expect(junit.fileName).toBe(`${name}.junit.xml`);
    expect(junit.content).toMatch(/<testcase[^>]*T-FAIL[\s\S]*<failure/);
    const html = runner.report({ runId, format: 'html' });
    expect(html.fileName).toBe(`${name}.html`);
    expect(html.content).toContain('fails &lt;on purpose&gt;');
    const json = runner.report({
      runId,
      format: 'json',
      baseline: JSON.stringify({ expectedFailures: [{ checkId: 'T-FAIL', reason: 'known' }] }),
    });
    expect(json.fileName).toBe(`${name}.run-result.json`);
    const reimported = runner.import(json.content);
    expect(runner.report({ runId: reimported.runId, format: 'html' }).fileName).toBe(
      `${name}.html`,
    );
    expect(reimported.counts).toMatchObject({ FAIL: 1 });

    // Re-run only the failures: a second attempt of the same run.
    const rerun = await runner.start({
      target: 'embedded-sandbox',
      selection: { failedInRunId: runId },
    });
    const originalFinished = new Promise<RunSummaryView>((resolve) => {
      const off = services.events.subscribe((name, payload) => {
        const summary = payload as RunSummaryView;
        if (name === 'runner.finished' && summary.runId === runId && summary.attempts === 2) {
          off();
          resolve(summary);
        }
      });
    });
    const attempt = await finished(rerun.runId);
    expect(attempt.attemptOf).toEqual({ runId, attempt: 2 });
    expect(attempt.counts).toMatchObject({ FAIL: 1, PASS: 0 });
    // The run itself now has two attempts; its counts are those of the latest verdicts.
    expect(await originalFinished).toMatchObject({
      runId,
      attempts: 2,
      counts: { PASS: 1, FAIL: 1 },
    });
    expect(runner.list().map((r) => r.runId)).not.toContain(rerun.runId);
    const merged = runner.result(runId);
    expect(merged.attempts?.map((a) => [a.attempt, a.checkIds])).toEqual([
      [1, ['T-PASS', 'T-FAIL']],
      [2, ['T-FAIL']],
    ]);
    const failing = merged.checks.find((c) => c.checkId === 'T-FAIL')!;
    expect(failing).toMatchObject({ status: 'FAIL', attempt: 2 });
    expect(failing.earlierAttempts?.map((a) => [a.attempt, a.status])).toEqual([[1, 'FAIL']]);
    // Exports are still named by the run, and the result file keeps the attempts.
    const again = runner.report({ runId, format: 'json' });
    expect(again.fileName).toBe(`${name}.run-result.json`);
    expect(JSON.parse(again.content).attempts).toHaveLength(2);
    // The attempt's own result holds only the failure.
    expect(runner.compare(runId, rerun.runId)).toMatchObject({
      stillFailing: ['T-FAIL'],
      newFailures: [],
      fixed: [],
      removed: ['T-PASS'],
    });
  });

  it('refuses what it cannot do, naming why', async () => {
    expect(await services.dispatch('runner.result', { runId: 'nope' })).toMatchObject({
      ok: false,
      error: { message: 'There is no run nope in this session.' },
    });
    expect(
      await services.dispatch('runner.start', {
        target: 'embedded-sandbox',
        faultProfiles: ['NOT-A-RULE'],
      }),
    ).toMatchObject({
      ok: false,
      error: {
        message: expect.stringMatching(/Unknown fault profiles: NOT-A-RULE|No check matches/),
      },
    });
    expect(await services.dispatch('runner.import', { json: '{"format":"nope"}' })).toMatchObject({
      ok: false,
    });
  });
});

/** `workbench run` over the embedded bank: the metadata of its run-result.json. */
async function cliMetadata(argv: string[]): Promise<RunMetadata> {
  const out = mkdtempSync(join(tmpdir(), 'session-meta-'));
  const io: CliIo = { out: () => {}, err: () => {}, stopRequested: () => new Promise(() => {}) };
  const code = await createRunCommand().run(
    ['--target', 'embedded', '--reporter', 'json', '--out', out, ...argv],
    io,
  );
  expect(code).toBe(0);
  return parseRunResult(readFileSync(join(out, 'run-result.json'), 'utf8')).meta!;
}

/**
 * The same metadata with what differs between two runs by nature left out, and the environment
 * (docs/variables.md) and the Runner's name of the target, which only the UI has.
 */
function comparable(meta: RunMetadata) {
  const { runName, signingCertificate, target, ...rest } = meta;
  const { environment: _onlyInTheUi, label: _runnerName, ...sameTarget } = target;
  return {
    ...rest,
    target: sameTarget,
    runName: runName.replace(/\d{8}T\d{6}Z$/, '<time>'),
    signer: signingCertificate?.subject,
  };
}

// One run session for the CLI and the UI (docs/architecture.md): a report exported through the
// contract path the desktop and the web host use carries the metadata a CLI report carries.
describe('a report exported through the runner service', () => {
  it('carries the metadata a workbench run report carries for the same run', async () => {
    const cli = await cliMetadata(['--suite', 'general', '--grep', 'COUNTRY']);

    const { runId } = await ok<{ runId: string }>(
      services.dispatch('runner.start', {
        target: 'embedded-sandbox',
        selection: { areas: ['general'], text: 'COUNTRY' },
      }),
    );
    expect((await finished(runId)).counts).toMatchObject({ PASS: 1, FAIL: 0 });
    const exported = await ok<{ fileName: string; content: string }>(
      services.dispatch('runner.report', { runId, format: 'json' }),
    );
    const ui = parseRunResult(exported.content).meta;

    expect(ui).toBeDefined();
    expect(comparable(ui!)).toEqual(comparable(cli));
    expect(cli.target.environment).toBeUndefined();
    expect(cli.target.label).toBeUndefined();
    expect(ui).toMatchObject({
      spec: { apiRelease: API_RELEASE, document: 'docs/spec/interface-spec.md' },
      target: {
        mode: 'sandbox',
        profileFile: null,
        environment: 'default',
        kind: 'embedded',
        label: 'embedded bank (sandbox)',
      },
      selection: { suites: ['general'], grep: 'COUNTRY', checks: 1 },
      baseline: null,
      psuDataMasked: true,
    });
    expect(ui!.signingCertificate?.sha256).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect(exported.fileName).toBe(`${ui!.runName}.run-result.json`);

    // The JUnit and HTML exports show it as the CLI's files do.
    const junit = await ok<{ content: string }>(
      services.dispatch('runner.report', { runId, format: 'junit' }),
    );
    expect(junit.content).toContain(`API ${API_RELEASE} per §9`);
    const html = await ok<{ content: string }>(
      services.dispatch('runner.report', { runId, format: 'html' }),
    );
    expect(html.content).toContain(ui!.spec.catalogueSha256.slice(0, 16));
    // The target as the Runner named it, never "command-line target"; the selection in its words.
    expect(html.content).toContain('<dt>Target</dt><dd>embedded bank (sandbox): ');
    expect(html.content).toContain('<dt>Profile</dt><dd>(none: an embedded bank)</dd>');
    expect(html.content).toContain(
      '<dt>Selection</dt><dd>1 check: area general; text &quot;COUNTRY&quot;</dd>',
    );

    // A baseline given with the export is named as such.
    const marked = await ok<{ content: string }>(
      services.dispatch('runner.report', {
        runId,
        format: 'json',
        baseline: JSON.stringify({ expectedFailures: [] }),
      }),
    );
    expect(parseRunResult(marked.content).meta?.baseline).toBe(EXPORT_BASELINE);
  }, 60_000);
});

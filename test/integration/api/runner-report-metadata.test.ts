/**
 * One run session for the CLI and the UI: a report exported through the runner service, the
 * contract path the desktop and the web host use, carries the metadata a `workbench run` report
 * carries for the same kind of run (docs/architecture.md "One run session").
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createServices, type Services } from '../../../main/api/services';
import type { CallOutcome, RunSummaryView } from '../../../main/api/contract';
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

/** The same metadata with what differs between two runs by nature left out. */
function comparable(meta: RunMetadata) {
  const { runName, signingCertificate, ...rest } = meta;
  return {
    ...rest,
    runName: runName.replace(/\d{8}T\d{6}Z$/, '<time>'),
    signer: signingCertificate?.subject,
  };
}

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
    expect(ui).toMatchObject({
      spec: { apiRelease: API_RELEASE, document: 'docs/spec/interface-spec.md' },
      target: { mode: 'sandbox', profileFile: null },
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

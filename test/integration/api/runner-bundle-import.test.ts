/**
 * runner.importBundle: an evidence bundle's run loaded read-only with its
 * seal's verdict, a changed bundle loaded as NOT verified with the reason, a file that is no
 * bundle refused by name, and no re-run from imported evidence.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createServices, type Services } from '../../../main/api/services';
import type { CallOutcome, RunResult, RunSummaryView } from '../../../main/api/contract';
import { createTppIdentity } from '../../../main/core/runner/targets/embedded-target';
import { createBundle, type Signer } from '../../../main/core/runner/evidence/evidence-bundle';
import { runChecks } from '../../../main/core/runner/engine/run';
import { parseRunResult, serializeRunResult } from '../../../main/core/runner/results/result-file';
import { readZip, writeZip } from '../../../main/core/runner/evidence/zip';
import { toPem } from '../../../main/core/certs/index';
import { check, environment, runOptions } from '../../unit/runner/fakes';

let services: Services;
let signer: Signer;
let result: RunResult;
beforeAll(async () => {
  const identity = await createTppIdentity();
  signer = {
    key: identity.qsealc.privateKey,
    certificatePem: toPem(identity.qsealc.certificateDer),
  };
  result = await runChecks(
    runOptions(
      [
        check('PASSES', async (ctx) => ctx.evidence.note('fine')),
        check('FAILS', async (ctx) => ctx.expect.equal(1, 2, 'one is two')),
      ],
      { createEnvironment: () => environment() },
    ),
  );
}, 60_000);
beforeEach(() => {
  services = createServices({ kind: 'web' });
});
afterEach(() => services.dispose());

const bundle = (json = serializeRunResult(result)) =>
  createBundle([{ name: 'run-result.json', content: Buffer.from(json) }], signer, {
    runId: result.runId,
    runName: null,
  });

const importBundle = (fileName: string, bytes: Buffer) =>
  services.dispatch('runner.importBundle', { fileName, bytes: bytes.toString('base64') });

async function ok<T>(outcome: Promise<CallOutcome>): Promise<T> {
  const answer = await outcome;
  if (!answer.ok) throw new Error(`${answer.error.code}: ${answer.error.message}`);
  return answer.result as T;
}

describe('runner.importBundle', () => {
  it('loads a sealed bundle’s run, verified, with the signer; its result reads like a local run', async () => {
    const summary = await ok<RunSummaryView>(importBundle('evidence.zip', bundle()));
    expect(summary).toMatchObject({
      runId: result.runId,
      finished: true,
      counts: result.counts,
      bundle: {
        fileName: 'evidence.zip',
        verified: true,
        problems: [],
        signerSubject: expect.stringContaining('CN=Workbench Suites TPP'),
        signerFingerprint256: expect.stringMatching(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/),
      },
    });
    expect(
      await ok<RunResult>(services.dispatch('runner.result', { runId: result.runId })),
    ).toEqual(parseRunResult(serializeRunResult(result)));
    // Imported evidence is read-only: its failures are not re-run from it.
    const rerun = await services.dispatch('runner.start', {
      target: 'embedded-sandbox',
      selection: { failedInRunId: result.runId },
    });
    expect(rerun).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('imported from evidence.zip: it is read-only') },
    });
  });

  it('loads a changed bundle as NOT verified, naming the changed file', async () => {
    // Someone turns the failure into a pass after the run.
    const changed = parseRunResult(serializeRunResult(result));
    changed.checks[1]!.status = 'PASS';
    delete changed.checks[1]!.failure;
    const zip = writeZip(
      readZip(bundle()).map((file) =>
        file.name === 'run-result.json'
          ? { name: file.name, content: Buffer.from(serializeRunResult(changed)) }
          : file,
      ),
    );
    const summary = await ok<RunSummaryView>(importBundle('changed.zip', zip));
    expect(summary.bundle).toMatchObject({
      verified: false,
      problems: [expect.stringMatching(/^run-result\.json: SHA-256/)],
    });
  });

  it('refuses a file that is no bundle, naming the file and what is wrong', async () => {
    expect(await importBundle('notes.txt', Buffer.from('just some text, not a zip'))).toMatchObject(
      {
        ok: false,
        error: {
          code: 'FAILED',
          message: expect.stringMatching(/^notes\.txt is not an evidence bundle: it is not a ZIP/),
        },
      },
    );
    expect(
      await services.dispatch('runner.importBundle', { fileName: 'x.zip', bytes: 'not base64!' }),
    ).toMatchObject({ ok: false, error: { message: expect.stringContaining('base64') } });
  });
});

/**
 * `workbench collection run`: every request of a saved collection (or of one folder) sent, signed,
 * to a target in the collection's order, with its assertions judged (docs/collections.md,
 * "Running a collection"), through the same service the UI's Run calls.
 */
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { CallRefused } from '../../api/dispatch.js';
import { runSavedCollection } from '../../api/services/collections/collection-runs.js';
import {
  COLLECTION_RUN_REPORTERS,
  renderRunReport,
  requestTitle,
} from '../../api/services/collections/run-report.js';
import { collectionRunServices } from '../../api/services/collections/run-services.js';
import type { RunRequestResult } from '../../core/collections/collection-run.js';
import { defaultDataDir } from '../../core/persistence/data-dir.js';
import { InputError, UsageError, type CliIo } from './io.js';
import { oneOf, parseFlags } from './parse.js';

export const collectionRunUsage = `       workbench collection run NAME [--folder PATH] [--env NAME] [--target ID | --target-file PROFILE]
                                [--reporter junit|json] [--out FILE] [--force]
run     sends every request of the collection NAME (or of the folder PATH, 'A / B', and its
        sub-folders) in order, signed, to the target: --target ID, one of the data folder's
        targets, or --target-file PROFILE, a profile as 'workbench run' takes (default: the
        active target). {{name}} is filled from the target's environment --env (default: its
        active one) and from the ids earlier answers carried. Prints each request and its
        assertions; --reporter writes a JUnit or JSON report to --out (default: standard output).
        Exit code: 0 every assertion passed, 1 one failed or a request got no answer, 2 bad input.`;

function printed(result: RunRequestResult, io: CliIo): void {
  const answer = result.status !== undefined ? String(result.status) : 'no answer';
  io.err(
    `${result.passed ? 'PASS' : 'FAIL'} ${requestTitle(result)}: ${result.method} ${result.url} → ${answer}`,
  );
  if (result.error !== undefined) io.err(`  ${result.error}`);
  for (const a of result.assertions)
    io.err(`  ${a.passed ? '✓' : '✗'} ${a.name}${a.passed ? '' : ` (${a.message ?? 'failed'})`}`);
}

export async function runCollectionAction(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseFlags(
    argv,
    {
      folder: { type: 'string' },
      env: { type: 'string' },
      target: { type: 'string' },
      'target-file': { type: 'string' },
      reporter: { type: 'string' },
      out: { type: 'string' },
      force: { type: 'boolean' },
      'data-dir': { type: 'string' },
    },
    true,
  );
  if (positionals.length !== 1) throw new UsageError('Give the name of the collection to run.');
  if (values.target !== undefined && values['target-file'] !== undefined)
    throw new UsageError('Give --target or --target-file, not both.');
  const reporter =
    values.reporter === undefined
      ? undefined
      : oneOf(values.reporter, COLLECTION_RUN_REPORTERS, '--reporter');
  if (values.out !== undefined && reporter === undefined)
    throw new UsageError('--out writes a report: give --reporter junit or json too.');
  const out = values.out === undefined ? undefined : resolve(values.out);
  if (out && !values.force && (await stat(out).catch(() => undefined)))
    throw new UsageError(`${out} exists; add --force to overwrite it.`);
  const passphrase = process.env.WORKBENCH_KEYSTORE_PASSPHRASE;
  let services: Awaited<ReturnType<typeof collectionRunServices>> | undefined;
  try {
    services = await collectionRunServices({
      dataDir: values['data-dir'] ?? defaultDataDir(),
      ...(values.target !== undefined ? { targetId: values.target } : {}),
      ...(values['target-file'] !== undefined ? { profileFile: values['target-file'] } : {}),
      ...(passphrase ? { keystorePassphrase: passphrase } : {}),
    });
    const result = await runSavedCollection(
      services.deps,
      {
        collection: positionals[0]!,
        ...(values.folder !== undefined ? { folder: values.folder } : {}),
        targetId: services.targetId,
        ...(values.env !== undefined ? { environment: values.env } : {}),
      },
      (request) => printed(request, io),
    );
    const failed = result.requests.filter((r) => !r.passed).length;
    io.err(
      failed === 0
        ? `All ${result.requests.length} request(s) passed.`
        : `${failed} of ${result.requests.length} request(s) failed.`,
    );
    if (reporter) {
      const text = renderRunReport(result, reporter);
      if (out) {
        await mkdir(dirname(out), { recursive: true });
        await writeFile(out, text);
        io.err(`Wrote ${out}.`);
      } else io.out(text.trimEnd());
    }
    return result.passed ? 0 : 1;
  } catch (error) {
    // What the command line named is not there (a collection, folder, environment or target).
    if (error instanceof CallRefused) throw new InputError(error.message);
    throw error;
  } finally {
    await services?.dispose();
  }
}

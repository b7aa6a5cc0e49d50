/**
 * `workbench verify-bundle FILE [--cert PEM]`: checks an evidence bundle written by
 * `workbench run --bundle` (main/core/runner/evidence/evidence-bundle.ts): the manifest's signature and the
 * SHA-256 of every file. Exit 0 when everything matches, 1 naming each difference, 2 for a bad
 * command line or a file that cannot be read.
 */
import { X509Certificate } from 'node:crypto';
import { verifyBundle } from '../../core/runner/index.js';
import { UsageError, type CliIo } from './io.js';
import { parseFlags, readFlagFile } from './parse.js';
import type { CliCommand } from './command.js';

const usage = `Usage: workbench verify-bundle FILE [--cert PEM]

Checks an evidence bundle (a ZIP) written by 'workbench run --bundle FILE.zip': the signature of its
manifest.json with the certificate it carries (signer.pem), then the SHA-256 and size of every
file the manifest lists, and that no file is missing or added. Prints one line per file.
  --cert PEM  the certificate the bundle must be signed with (its first certificate). Without
              it the signature only shows the files are as the holder of signer.pem sealed them:
              anyone can re-seal a changed bundle with a key of their own.
Exit codes: 0 everything matches; 1 something differs (each difference named); 2 a bad
command line or an unreadable file.`;

export const verifyBundleCommand: CliCommand = {
  name: 'verify-bundle',
  summary:
    'Check the signature and the file hashes of an evidence bundle (workbench run --bundle).',
  usage,
  async run(argv: string[], io: CliIo) {
    const { values, positionals } = parseFlags(argv, { cert: { type: 'string' } }, true);
    if (positionals.length !== 1)
      throw new UsageError('verify-bundle needs exactly one FILE, the bundle to check');
    const file = positionals[0]!;
    const tar = await readFlagFile(file, 'verify-bundle');
    let expected: X509Certificate | undefined;
    if (values.cert !== undefined) {
      try {
        expected = new X509Certificate(await readFlagFile(values.cert, '--cert'));
      } catch (error) {
        if (error instanceof UsageError) throw error;
        throw new UsageError(`--cert: '${values.cert}' is not a PEM certificate`);
      }
    }
    const verification = verifyBundle(tar, expected);
    for (const entry of verification.manifest?.files ?? []) {
      const problem = verification.problems.some((p) => p.startsWith(`${entry.name}:`));
      io.out(
        `${problem ? 'DIFFERS' : 'OK     '} ${entry.name}  sha256 ${entry.sha256.slice(0, 16)}…`,
      );
    }
    for (const problem of verification.problems) io.err(`verify-bundle: ${problem}`);
    if (!verification.ok) {
      io.out(`${file}: NOT verified (${verification.problems.length} difference(s))`);
      return 1;
    }
    io.out(
      `${file}: verified, ${verification.manifest!.files.length} files sealed by ${verification.signer} on ${verification.manifest!.createdAt}`,
    );
    return 0;
  },
};

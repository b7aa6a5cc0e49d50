/**
 * Importing an evidence bundle into the Runner: a bundle written by the built
 * CLI (`workbench run --bundle`, against its own embedded bank) is shown verified with its signer
 * and fingerprint and its checks readable; the same bundle with its run result changed is shown as
 * NOT verified with the reason; a file that is not a bundle is refused with a clear error.
 */
import { execFileSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { createTppIdentity } from '../../main/core/runner/targets/embedded-target.js';
import { toPem } from '../../main/core/certs/index.js';
import { readZip, writeZip } from '../../main/core/runner/evidence/zip.js';
import { test, expect, expectOnlyLoopback } from './fixtures';
import { shotAtReviewSizes } from './steps';

const CHECK = 'HDR-NEGOTIATION-NOT-REQUIRED';

test('an evidence bundle imported: verified with its signer, a changed one NOT verified', async ({
  page,
  webHost,
  requests,
}, testInfo) => {
  test.setTimeout(120_000);
  // The seal: a QSealC of the workbench's test CA, its key and certificate as PEM files.
  const identity = await createTppIdentity();
  const keyFile = testInfo.outputPath('seal-key.pem');
  const certFile = testInfo.outputPath('seal-cert.pem');
  writeFileSync(keyFile, identity.qsealc.privateKey.export({ type: 'pkcs8', format: 'pem' }));
  writeFileSync(certFile, toPem(identity.qsealc.certificateDer));
  const fingerprint = new X509Certificate(readFileSync(certFile)).fingerprint256;
  const bundleFile = testInfo.outputPath('evidence.zip');
  // The CLI's own path: one check against the CLI's own embedded bank, sealed into a bundle.
  execFileSync(
    process.execPath,
    [
      'out/main/cli.js',
      'run',
      '--target',
      'embedded',
      '--mode',
      'sandbox',
      '--grep',
      CHECK,
      '--out',
      testInfo.outputPath('reports'),
      '--bundle',
      bundleFile,
      '--bundle-key',
      keyFile,
      '--bundle-cert',
      certFile,
    ],
    { stdio: 'pipe', timeout: 60_000 },
  );
  const sealed = readFileSync(bundleFile);
  // Someone edits the result after the run: the check now claims another title.
  const changedFile = testInfo.outputPath('changed.zip');
  writeFileSync(
    changedFile,
    writeZip(
      readZip(sealed).map((file) =>
        file.name === 'run-result.json'
          ? {
              name: file.name,
              content: Buffer.from(file.content.toString().replace(CHECK, `${CHECK}-EDITED`)),
            }
          : file,
      ),
    ),
  );
  const notABundle = testInfo.outputPath('notes.zip');
  writeFileSync(notABundle, 'these are notes, not a ZIP archive');

  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(webHost.url);
  await page.getByTestId('nav-runner').click();

  await page.getByTestId('import-bundle-input').setInputFiles(bundleFile);
  const provenance = page.getByTestId('run-provenance');
  await expect(provenance).toHaveAttribute('data-verified', 'true');
  await expect(provenance).toContainText('Imported from evidence.zip, signed by');
  await expect(provenance).toContainText('CN=Workbench Suites TPP');
  await expect(provenance).toContainText('verified ✓');
  await expect(provenance).toContainText(fingerprint);
  // Its checks read like a local run's; re-running imported evidence is not offered.
  const results = page.getByTestId('results');
  await expect(results).toContainText(CHECK);
  await expect(page.getByTestId('run-failed')).toBeDisabled();
  await provenance.scrollIntoViewIfNeeded();
  await shotAtReviewSizes(page, testInfo, 'runner-bundle-verified');

  await page.getByTestId('import-bundle-input').setInputFiles(changedFile);
  await expect(provenance).toHaveAttribute('data-verified', 'false');
  await expect(provenance).toContainText('NOT verified ✗');
  await expect(provenance).toContainText('is not evidence and may be false');
  await expect(page.getByTestId('run-provenance-problems')).toContainText(
    'run-result.json: SHA-256',
  );
  await expect(page.getByTestId('run-picker')).toContainText('bundle ✗');
  await provenance.scrollIntoViewIfNeeded();
  await shotAtReviewSizes(page, testInfo, 'runner-bundle-not-verified');

  await page.getByTestId('import-bundle-input').setInputFiles(notABundle);
  await expect(
    page.getByRole('alert').filter({ hasText: 'notes.zip is not an evidence bundle' }),
  ).toBeVisible();
  await shotAtReviewSizes(page, testInfo, 'runner-bundle-refused');

  expectOnlyLoopback(requests);
});

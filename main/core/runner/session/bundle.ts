/**
 * The signed evidence bundle of a run (`--bundle FILE.zip`): the three report files, the run's
 * exchanges as HAR and as a curl script, a manifest of their SHA-256 and its signature
 * (evidence-bundle.ts). `workbench verify-bundle` and openssl check it (docs/ci.md).
 */
import { readFile } from 'node:fs/promises';
import { toPem } from '../../certs/index.js';
import type { RunResult } from '../../../shared/run-result.js';
import { CURL_FILE, HAR_FILE, runCurlScript, runHar } from '../evidence/bundle-exchanges.js';
import { createBundle, type Signer } from '../evidence/evidence-bundle.js';
import type { LoadedTargetProfile } from '../target-profile/index.js';
import { writeAtomically } from './baselines.js';
import { REPORT_FILES, REPORT_FORMATS, type ReportFormat } from './report-files.js';

/** The profile's QSealC as the bundle's seal: the seal the TPP already holds. */
export function profileSigner(loaded: LoadedTargetProfile): Signer {
  return {
    key: loaded.signing.key,
    certificatePem: loaded.signing.certificates.map((der) => toPem(der)).join(''),
  };
}

/**
 * Writes the bundle of a run to `file`: `reports` are the paths of all three written reports,
 * `presented` the result they show; `maskPsuData` as the reports (the curl script's bodies).
 */
export async function writeEvidenceBundle(
  file: string,
  signer: Signer,
  presented: RunResult,
  reports: Partial<Record<ReportFormat, string>>,
  maskPsuData: boolean,
): Promise<void> {
  const files = [
    ...(await Promise.all(
      REPORT_FORMATS.map(async (format) => {
        const path = reports[format];
        if (path === undefined) throw new Error(`the bundle needs the ${format} report`);
        return { name: REPORT_FILES[format], content: await readFile(path) };
      }),
    )),
    { name: HAR_FILE, content: Buffer.from(runHar(presented)) },
    { name: CURL_FILE, content: Buffer.from(runCurlScript(presented, maskPsuData)) },
  ];
  const zip = createBundle(files, signer, {
    runId: presented.runId,
    runName: presented.meta?.runName ?? null,
  });
  await writeAtomically(file, zip);
}

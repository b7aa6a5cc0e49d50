/**
 * Reading an evidence bundle back ("The UI imports a bundle and shows it"): the
 * same verification as `workbench verify-bundle` (evidence-bundle.ts: the manifest's signature
 * with signer.pem, the SHA-256 and size of every file), then the run result it carries. A bundle
 * that does not verify is still read, so a person can see what it claims, but says so with every
 * reason; a file that is no bundle at all is refused naming what is missing.
 */
import { BUNDLE_FORMAT, MANIFEST_FILE, verifyBundle } from './evidence-bundle.js';
import { DEFAULT_JSON_FILE } from '../reporters/json.js';
import { parseRunResult } from '../results/result-file.js';
import { readZip } from './zip.js';
import type { RunResult } from '../../../shared/run-result.js';
import { MAX_BUNDLE_BYTES } from '../../../shared/evidence-bundle.js';

/** Above MAX_BUNDLE_BYTES a file is refused before it is unpacked (where a hostile ZIP costs). */
export { MAX_BUNDLE_BYTES };

export class BundleImportError extends Error {
  override name = 'BundleImportError';
}

/** Who sealed a bundle and whether the seal holds. */
export interface BundleProvenance {
  fileName: string;
  verified: boolean;
  /** Each reason it does not verify, naming the file (empty when verified). */
  problems: string[];
  signerSubject?: string;
  signerFingerprint256?: string;
  /** When the bundle was sealed, as its manifest says. */
  sealedAt?: string;
}

export interface ImportedBundle {
  result: RunResult;
  provenance: BundleProvenance;
}

export function readEvidenceBundle(bytes: Uint8Array, fileName: string): ImportedBundle {
  const zip = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (zip.length > MAX_BUNDLE_BYTES)
    throw new BundleImportError(
      `${fileName} is ${zip.length} bytes; an evidence bundle is at most ${MAX_BUNDLE_BYTES} bytes.`,
    );
  let names: Map<string, Buffer>;
  try {
    names = new Map(readZip(zip, 4 * MAX_BUNDLE_BYTES).map((entry) => [entry.name, entry.content]));
  } catch (error) {
    throw new BundleImportError(
      `${fileName} is not an evidence bundle: it is not a ZIP archive (${(error as Error).message}).`,
    );
  }
  if (!names.has(MANIFEST_FILE))
    throw new BundleImportError(
      `${fileName} is not an evidence bundle: it has no ${MANIFEST_FILE} (a bundle is written by 'workbench run --bundle FILE.zip').`,
    );
  const runResult = names.get(DEFAULT_JSON_FILE);
  if (!runResult)
    throw new BundleImportError(
      `${fileName} holds no ${DEFAULT_JSON_FILE}: there is no run in it to show.`,
    );
  const verification = verifyBundle(zip);
  const provenance: BundleProvenance = {
    fileName,
    verified: verification.ok,
    problems: verification.problems,
    ...(verification.signer ? { signerSubject: verification.signer } : {}),
    ...(verification.signerFingerprint256
      ? { signerFingerprint256: verification.signerFingerprint256 }
      : {}),
    ...(verification.manifest?.format === BUNDLE_FORMAT &&
    typeof verification.manifest.createdAt === 'string'
      ? { sealedAt: verification.manifest.createdAt }
      : {}),
  };
  let result: RunResult;
  try {
    result = parseRunResult(runResult.toString('utf8'), `${DEFAULT_JSON_FILE} in ${fileName}`);
  } catch (error) {
    const why = verification.ok
      ? ''
      : `\nThe bundle does not verify either: ${verification.problems.join('; ')}.`;
    throw new BundleImportError(`${(error as Error).message}${why}`);
  }
  return { result, provenance };
}

/**
 * The signed evidence bundle (`workbench run --bundle FILE.zip`, `workbench verify-bundle FILE`):
 * the report files of a run, a HAR and a curl script of its exchanges, in one ZIP as the OBIE and
 * OpenID conformance suites hand theirs out, with `manifest.json` (SHA-256 and size of every
 * file), `manifest.sig` (the manifest's signature, raw bytes as `openssl dgst -verify` reads it)
 * and `signer.pem` (the certificate, with its chain, whose key signed it: by default the run's
 * QSealC, the seal a TPP already holds, §5.1). A bank or an auditor can check with the workbench
 * or with openssl alone that no file was changed after the run and who sealed it.
 */
import { createHash, sign, verify, X509Certificate, type KeyObject } from 'node:crypto';
import { readZip, writeZip } from './zip.js';

export const BUNDLE_FORMAT = 'psd2-workbench/evidence-bundle';
/** 2: a ZIP with a binary manifest.sig (1 was a tar with a base64 one, never released). */
export const BUNDLE_FORMAT_VERSION = 2;
export const MANIFEST_FILE = 'manifest.json';
export const SIGNATURE_FILE = 'manifest.sig';
export const SIGNER_FILE = 'signer.pem';

export interface BundleFile {
  name: string;
  content: Buffer;
}

export interface BundleManifest {
  format: typeof BUNDLE_FORMAT;
  formatVersion: typeof BUNDLE_FORMAT_VERSION;
  createdAt: string;
  runId: string;
  runName: string | null;
  /** `sha256` with the signer's key: RSASSA-PKCS1-v1_5 for RSA, ECDSA (DER) for EC keys. */
  signature: { algorithm: 'sha256'; file: typeof SIGNATURE_FILE; signer: typeof SIGNER_FILE };
  files: { name: string; size: number; sha256: string }[];
}

export class BundleError extends Error {
  override name = 'BundleError';
}

function sha256(content: Buffer): string {
  return createHash('sha256').update(content).digest('hex');
}

export interface Signer {
  key: KeyObject;
  /** PEM: the signer's certificate first, then its chain. */
  certificatePem: string;
}

export function createBundle(
  files: readonly BundleFile[],
  signer: Signer,
  run: { runId: string; runName: string | null },
  now = new Date(),
): Buffer {
  const manifest: BundleManifest = {
    format: BUNDLE_FORMAT,
    formatVersion: BUNDLE_FORMAT_VERSION,
    createdAt: now.toISOString(),
    runId: run.runId,
    runName: run.runName,
    signature: { algorithm: 'sha256', file: SIGNATURE_FILE, signer: SIGNER_FILE },
    files: files.map((file) => ({
      name: file.name,
      size: file.content.length,
      sha256: sha256(file.content),
    })),
  };
  const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
  // DER for an ECDSA key (Node's default), as `openssl dgst -verify` expects it.
  const signature = sign('sha256', manifestBytes, signer.key);
  return writeZip(
    [
      ...files,
      { name: MANIFEST_FILE, content: manifestBytes },
      { name: SIGNATURE_FILE, content: signature },
      { name: SIGNER_FILE, content: Buffer.from(signer.certificatePem) },
    ],
    now,
  );
}

export interface BundleVerification {
  ok: boolean;
  /** One line per problem: what differs, naming the file. */
  problems: string[];
  /** The signer certificate's subject, when it could be read. */
  signer?: string;
  /** The signer certificate's SHA-256 fingerprint (colon-separated hex), when it could be read. */
  signerFingerprint256?: string;
  manifest?: BundleManifest;
}

/**
 * Checks the signature of the manifest with the bundled certificate (or, with `expectedSigner`,
 * requires that certificate to be the given one: anyone can re-seal a changed bundle with a key
 * of their own), then the hash and size of every file, and that no file is missing or added.
 */
export function verifyBundle(zip: Buffer, expectedSigner?: X509Certificate): BundleVerification {
  const problems: string[] = [];
  let files: BundleFile[];
  try {
    files = readZip(zip);
  } catch (error) {
    return { ok: false, problems: [(error as Error).message] };
  }
  const byName = new Map(files.map((file) => [file.name, file.content]));
  const manifestBytes = byName.get(MANIFEST_FILE);
  const signature = byName.get(SIGNATURE_FILE);
  const signerPem = byName.get(SIGNER_FILE);
  for (const [name, present] of [
    [MANIFEST_FILE, manifestBytes],
    [SIGNATURE_FILE, signature],
    [SIGNER_FILE, signerPem],
  ] as const)
    if (!present) problems.push(`${name}: missing from the bundle`);
  if (!manifestBytes || !signature || !signerPem) return { ok: false, problems };

  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(signerPem);
  } catch (error) {
    return {
      ok: false,
      problems: [`${SIGNER_FILE}: not a certificate (${(error as Error).message})`],
    };
  }
  const signer = certificate.subject.replace(/\n/g, ', ');
  const signerFingerprint256 = certificate.fingerprint256;
  if (expectedSigner && expectedSigner.fingerprint256 !== certificate.fingerprint256)
    problems.push(
      `${SIGNER_FILE}: signed by ${signer}, not by the expected certificate ${expectedSigner.subject.replace(/\n/g, ', ')}`,
    );
  let signed = false;
  try {
    signed = verify('sha256', manifestBytes, certificate.publicKey, signature);
  } catch {
    signed = false;
  }
  if (!signed)
    problems.push(
      `${MANIFEST_FILE}: the signature in ${SIGNATURE_FILE} does not verify with ${SIGNER_FILE}`,
    );

  let manifest: BundleManifest;
  try {
    manifest = JSON.parse(manifestBytes.toString('utf8')) as BundleManifest;
    if (manifest.format !== BUNDLE_FORMAT || !Array.isArray(manifest.files))
      throw new Error(`not a ${BUNDLE_FORMAT} manifest`);
  } catch (error) {
    problems.push(`${MANIFEST_FILE}: ${(error as Error).message}`);
    return { ok: false, problems, signer, signerFingerprint256 };
  }
  const listed = new Set<string>();
  for (const entry of manifest.files) {
    listed.add(entry.name);
    const content = byName.get(entry.name);
    if (!content) {
      problems.push(`${entry.name}: listed in the manifest but missing from the bundle`);
      continue;
    }
    const actual = sha256(content);
    if (actual !== entry.sha256)
      problems.push(`${entry.name}: SHA-256 ${actual}, the manifest says ${entry.sha256}`);
    else if (content.length !== entry.size)
      problems.push(`${entry.name}: ${content.length} bytes, the manifest says ${entry.size}`);
  }
  for (const file of files)
    if (![MANIFEST_FILE, SIGNATURE_FILE, SIGNER_FILE].includes(file.name) && !listed.has(file.name))
      problems.push(`${file.name}: in the bundle but not in the manifest`);
  return { ok: problems.length === 0, problems, signer, signerFingerprint256, manifest };
}

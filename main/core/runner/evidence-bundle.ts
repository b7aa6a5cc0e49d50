/**
 * The signed evidence bundle (`workbench run --bundle FILE`, `workbench verify-bundle FILE`): the
 * report files of a run in one POSIX tar, with `manifest.json` (SHA-256 and size of every file),
 * `manifest.sig` (the manifest's signature) and `signer.pem` (the certificate, with its chain,
 * whose key signed it: by default the run's QSealC, the seal a TPP already holds, §5.1). A bank
 * or an auditor can check that no report was changed after the run and who sealed it. A tar of
 * our own (ustar, no compression): a few dozen lines instead of a new dependency, readable by
 * every `tar`.
 */
import { createHash, sign, verify, X509Certificate, type KeyObject } from 'node:crypto';

export const BUNDLE_FORMAT = 'psd2-workbench/evidence-bundle';
export const BUNDLE_FORMAT_VERSION = 1;
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

const BLOCK = 512;

function sha256(content: Buffer): string {
  return createHash('sha256').update(content).digest('hex');
}

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, '0') + '\0';
}

/** One ustar header: regular file, mode 0644, owner 0, the given time. */
function tarHeader(name: string, size: number, mtime: number): Buffer {
  const header = Buffer.alloc(BLOCK);
  if (Buffer.byteLength(name) > 100) throw new BundleError(`${name}: a name longer than 100 bytes`);
  header.write(name, 0, 'utf8');
  header.write(octal(0o644, 8), 100);
  header.write(octal(0, 8), 108);
  header.write(octal(0, 8), 116);
  header.write(octal(size, 12), 124);
  header.write(octal(mtime, 12), 136);
  header.write('        ', 148); // the checksum is computed with its own field as spaces
  header.write('0', 156);
  header.write('ustar\0', 257);
  header.write('00', 263);
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(octal(sum, 7) + ' ', 148);
  return header;
}

export function writeTar(
  files: readonly BundleFile[],
  mtime = Math.floor(Date.now() / 1000),
): Buffer {
  const parts: Buffer[] = [];
  for (const file of files) {
    parts.push(tarHeader(file.name, file.content.length, mtime), file.content);
    const pad = (BLOCK - (file.content.length % BLOCK)) % BLOCK;
    parts.push(Buffer.alloc(pad));
  }
  parts.push(Buffer.alloc(2 * BLOCK)); // end of archive
  return Buffer.concat(parts);
}

/** The regular files of a tar; refuses a damaged header (checksum) or a truncated file. */
export function readTar(tar: Buffer): BundleFile[] {
  const files: BundleFile[] = [];
  let at = 0;
  while (at + BLOCK <= tar.length) {
    const header = tar.subarray(at, at + BLOCK);
    if (header.every((byte) => byte === 0)) break;
    let sum = 0;
    for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : header[i]!;
    const stored = parseInt(header.toString('latin1', 148, 156).replace(/\0.*$/, '').trim(), 8);
    if (stored !== sum) throw new BundleError(`not a tar file, or damaged at byte ${at}`);
    const name = header.toString('utf8', 0, 100).replace(/\0.*$/s, '');
    const size = parseInt(header.toString('latin1', 124, 136).replace(/\0.*$/, '').trim(), 8);
    const type = header.toString('latin1', 156, 157);
    const start = at + BLOCK;
    if (start + size > tar.length) throw new BundleError(`${name}: the archive ends inside it`);
    if (type === '0' || type === '\0')
      files.push({ name, content: tar.subarray(start, start + size) });
    at = start + Math.ceil(size / BLOCK) * BLOCK;
  }
  return files;
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
  const signature = sign('sha256', manifestBytes, signer.key);
  return writeTar(
    [
      ...files,
      { name: MANIFEST_FILE, content: manifestBytes },
      { name: SIGNATURE_FILE, content: Buffer.from(`${signature.toString('base64')}\n`) },
      { name: SIGNER_FILE, content: Buffer.from(signer.certificatePem) },
    ],
    Math.floor(now.getTime() / 1000),
  );
}

export interface BundleVerification {
  ok: boolean;
  /** One line per problem: what differs, naming the file. */
  problems: string[];
  /** The signer certificate's subject, when it could be read. */
  signer?: string;
  manifest?: BundleManifest;
}

/**
 * Checks the signature of the manifest with the bundled certificate (or, with `expectedSigner`,
 * requires that certificate to be the given one: anyone can re-seal a changed bundle with a key
 * of their own), then the hash and size of every file, and that no file is missing or added.
 */
export function verifyBundle(tar: Buffer, expectedSigner?: X509Certificate): BundleVerification {
  const problems: string[] = [];
  let files: BundleFile[];
  try {
    files = readTar(tar);
  } catch (error) {
    return { ok: false, problems: [(error as Error).message] };
  }
  const byName = new Map(files.map((file) => [file.name, file.content]));
  const manifestBytes = byName.get(MANIFEST_FILE);
  const signatureText = byName.get(SIGNATURE_FILE);
  const signerPem = byName.get(SIGNER_FILE);
  for (const [name, present] of [
    [MANIFEST_FILE, manifestBytes],
    [SIGNATURE_FILE, signatureText],
    [SIGNER_FILE, signerPem],
  ] as const)
    if (!present) problems.push(`${name}: missing from the bundle`);
  if (!manifestBytes || !signatureText || !signerPem) return { ok: false, problems };

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
  if (expectedSigner && expectedSigner.fingerprint256 !== certificate.fingerprint256)
    problems.push(
      `${SIGNER_FILE}: signed by ${signer}, not by the expected certificate ${expectedSigner.subject.replace(/\n/g, ', ')}`,
    );
  const signature = Buffer.from(signatureText.toString('utf8').trim(), 'base64');
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
    return { ok: false, problems, signer };
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
  return { ok: problems.length === 0, problems, signer, manifest };
}

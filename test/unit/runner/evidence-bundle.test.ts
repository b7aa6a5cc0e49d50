/** The evidence bundle: our tar reads back (and by `tar`), the seal verifies, and every change is named. */
import { execFileSync, spawnSync } from 'node:child_process';
import { generateKeyPairSync, X509Certificate } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTppIdentity, type TppIdentity } from '../../../main/core/runner/embedded-target';
import {
  createBundle,
  readTar,
  verifyBundle,
  writeTar,
  type Signer,
} from '../../../main/core/runner/evidence-bundle';
import { toPem } from '../../../main/core/certs/index';

let identity: TppIdentity;
let signer: Signer;
const files = [
  { name: 'junit.xml', content: Buffer.from('<testsuites/>\n') },
  { name: 'run-result.json', content: Buffer.from('{"x":1}\n'.repeat(200)) },
  { name: 'report.html', content: Buffer.alloc(0) },
];

beforeAll(async () => {
  identity = await createTppIdentity();
  signer = {
    key: identity.qsealc.privateKey,
    certificatePem: toPem(identity.qsealc.certificateDer),
  };
}, 60_000);

/** Replaces one file's content in a bundle, keeping everything else. */
function tampered(tar: Buffer, name: string, content: Buffer): Buffer {
  return writeTar(readTar(tar).map((file) => (file.name === name ? { name, content } : file)));
}

describe('tar', () => {
  it('reads back what it wrote, byte for byte, and refuses a damaged header', () => {
    const tar = writeTar(files);
    expect(tar.length % 512).toBe(0);
    expect(readTar(tar)).toEqual(files);
    const damaged = Buffer.from(tar);
    damaged[3] = damaged[3]! ^ 1;
    expect(() => readTar(damaged)).toThrow(/damaged at byte 0/);
  });

  it('is a tar the system tar lists (when tar is installed)', () => {
    if (spawnSync('tar', ['--version']).status !== 0) return;
    const dir = mkdtempSync(join(tmpdir(), 'bundle-tar-'));
    writeFileSync(join(dir, 'b.tar'), writeTar(files));
    const listed = execFileSync('tar', ['-tf', join(dir, 'b.tar')], { encoding: 'utf8' });
    expect(listed.trim().split('\n')).toEqual(files.map((file) => file.name));
  });
});

describe('evidence bundle', () => {
  it('verifies when nothing changed, naming the signer', () => {
    const tar = createBundle(files, signer, { runId: 'r1', runName: 'embedded-sandbox-x' });
    const verification = verifyBundle(tar);
    expect(verification.problems).toEqual([]);
    expect(verification.ok).toBe(true);
    expect(verification.signer).toContain('Workbench Suites TPP');
    expect(verification.manifest!.files.map((f) => f.name)).toEqual(files.map((f) => f.name));
    // Pinned to the expected certificate too.
    const expected = new X509Certificate(identity.qsealc.certificateDer);
    expect(verifyBundle(tar, expected).ok).toBe(true);
  });

  it('names a changed report, a changed manifest, a missing and an added file', () => {
    const tar = createBundle(files, signer, { runId: 'r1', runName: null });
    const changed = verifyBundle(tampered(tar, 'junit.xml', Buffer.from('<testsuites/>\n ')));
    expect(changed.ok).toBe(false);
    expect(changed.problems).toEqual([
      expect.stringMatching(/^junit\.xml: SHA-256 [0-9a-f]{64}, the manifest says [0-9a-f]{64}$/),
    ]);

    const manifest = readTar(tar)
      .find((f) => f.name === 'manifest.json')!
      .content.toString();
    const forged = manifest.replace(/"runId": "r1"/, '"runId": "r2"');
    expect(verifyBundle(tampered(tar, 'manifest.json', Buffer.from(forged))).problems).toEqual([
      'manifest.json: the signature in manifest.sig does not verify with signer.pem',
    ]);

    const missing = writeTar(readTar(tar).filter((f) => f.name !== 'report.html'));
    expect(verifyBundle(missing).problems).toEqual([
      'report.html: listed in the manifest but missing from the bundle',
    ]);
    const added = writeTar([...readTar(tar), { name: 'extra.txt', content: Buffer.from('x') }]);
    expect(verifyBundle(added).problems).toEqual([
      'extra.txt: in the bundle but not in the manifest',
    ]);
  });

  it('names a bundle re-sealed by another key than the expected certificate', () => {
    const other = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    // A self-sealed bundle of an EC key whose certificate is the QWAC's: the signature does not verify.
    const resealed = createBundle(
      files,
      { key: other.privateKey, certificatePem: toPem(identity.qwac.certificateDer) },
      { runId: 'r1', runName: null },
    );
    const verification = verifyBundle(
      resealed,
      new X509Certificate(identity.qsealc.certificateDer),
    );
    expect(verification.problems).toEqual([
      expect.stringMatching(/^signer\.pem: signed by .*, not by the expected certificate /),
      'manifest.json: the signature in manifest.sig does not verify with signer.pem',
    ]);
  });
});

/**
 * The evidence bundle: our ZIP reads back (and by `unzip`), the seal verifies with the workbench
 * and with the openssl commands of docs/ci.md, and every change is named.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { generateKeyPairSync, X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createTppIdentity,
  type TppIdentity,
} from '../../../../main/core/runner/targets/embedded-target';
import {
  createBundle,
  verifyBundle,
  type Signer,
} from '../../../../main/core/runner/evidence/evidence-bundle';
import { readZip, writeZip } from '../../../../main/core/runner/evidence/zip';
import { toPem } from '../../../../main/core/certs/index';

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
  return writeZip(readZip(tar).map((file) => (file.name === name ? { name, content } : file)));
}

/** The commands of docs/ci.md "Checking a bundle with openssl", run in a shell. */
const OPENSSL_CHECK = [
  'unzip -q bundle.zip -d extracted',
  'cd extracted',
  'openssl x509 -pubkey -noout -in signer.pem > signer.pub',
  'openssl dgst -sha256 -verify signer.pub -signature manifest.sig manifest.json',
  `jq -r '.files[] | "\\(.sha256)  \\(.name)"' manifest.json | sha256sum -c -`,
].join(' && ');

const have = (tool: string) => spawnSync('which', [tool]).status === 0;

describe('zip', () => {
  const big = { name: 'big.json', content: Buffer.from('{"x":1}\n'.repeat(5000)) };

  it('reads back what it wrote, byte for byte (stored and deflated), and refuses damage', () => {
    const zip = writeZip([...files, big]);
    expect(zip.length).toBeLessThan(big.content.length); // the repetitive file was deflated
    expect(readZip(zip)).toEqual([...files, big]);
    const damaged = Buffer.from(zip);
    // A byte inside the deflated data of big.json: the CRC no longer matches.
    const at = zip.indexOf(Buffer.from('big.json')) + 'big.json'.length + 5;
    damaged[at] = damaged[at]! ^ 0xff;
    expect(() => readZip(damaged)).toThrow(/big\.json: (damaged|does not inflate)/);
    expect(() => readZip(Buffer.from('not a zip at all, longer than twenty-two bytes'))).toThrow(
      /not a ZIP file/,
    );
  });

  it('is a ZIP that unzip tests and lists (when unzip is installed)', () => {
    if (!have('unzip')) return;
    const dir = mkdtempSync(join(tmpdir(), 'bundle-zip-'));
    writeFileSync(join(dir, 'b.zip'), writeZip([...files, big]));
    expect(spawnSync('unzip', ['-tq', join(dir, 'b.zip')]).status).toBe(0);
    const listed = execFileSync('unzip', ['-Z1', join(dir, 'b.zip')], { encoding: 'utf8' });
    expect(listed.trim().split('\n')).toEqual([...files, big].map((file) => file.name));
    execFileSync('unzip', ['-q', join(dir, 'b.zip'), '-d', join(dir, 'x')]);
    expect(readFileSync(join(dir, 'x', 'big.json'))).toEqual(big.content);
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

    const manifest = readZip(tar)
      .find((f) => f.name === 'manifest.json')!
      .content.toString();
    const forged = manifest.replace(/"runId": "r1"/, '"runId": "r2"');
    expect(verifyBundle(tampered(tar, 'manifest.json', Buffer.from(forged))).problems).toEqual([
      'manifest.json: the signature in manifest.sig does not verify with signer.pem',
    ]);

    const missing = writeZip(readZip(tar).filter((f) => f.name !== 'report.html'));
    expect(verifyBundle(missing).problems).toEqual([
      'report.html: listed in the manifest but missing from the bundle',
    ]);
    const added = writeZip([...readZip(tar), { name: 'extra.txt', content: Buffer.from('x') }]);
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

  it('verifies with openssl, unzip and sha256sum as docs/ci.md says, for the QSealC seal and an EC one', () => {
    if (!['openssl', 'unzip', 'jq', 'sha256sum', 'sh'].every(have)) return;
    const rsa = createBundle(files, signer, { runId: 'r1', runName: null });
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const ecDir = mkdtempSync(join(tmpdir(), 'bundle-ec-'));
    // A self-signed certificate for the EC key, made by openssl itself.
    writeFileSync(join(ecDir, 'key.pem'), ec.privateKey.export({ type: 'pkcs8', format: 'pem' }));
    execFileSync('openssl', [
      'req',
      '-x509',
      '-new',
      '-key',
      join(ecDir, 'key.pem'),
      '-subj',
      '/CN=EC sealer',
      '-days',
      '1',
      '-out',
      join(ecDir, 'cert.pem'),
    ]);
    const ecBundle = createBundle(
      files,
      { key: ec.privateKey, certificatePem: readFileSync(join(ecDir, 'cert.pem'), 'utf8') },
      { runId: 'r1', runName: null },
    );
    for (const bundle of [rsa, ecBundle]) {
      const dir = mkdtempSync(join(tmpdir(), 'bundle-openssl-'));
      writeFileSync(join(dir, 'bundle.zip'), bundle);
      const good = spawnSync('sh', ['-c', OPENSSL_CHECK], { cwd: dir, encoding: 'utf8' });
      expect(good.stderr).toBe('');
      expect(good.status).toBe(0);
      expect(good.stdout).toContain('Verified OK');
      expect(good.stdout).toContain('report.html: OK');

      // A changed report: the signature still verifies, sha256sum names the file.
      const changedDir = mkdtempSync(join(tmpdir(), 'bundle-openssl-'));
      writeFileSync(
        join(changedDir, 'bundle.zip'),
        tampered(bundle, 'junit.xml', Buffer.from('<testsuites failures="0"/>\n')),
      );
      const changed = spawnSync('sh', ['-c', OPENSSL_CHECK], { cwd: changedDir, encoding: 'utf8' });
      expect(changed.status).not.toBe(0);
      expect(changed.stdout).toContain('junit.xml: FAILED');

      // A changed manifest: openssl refuses the signature.
      const manifest = readZip(bundle).find((f) => f.name === 'manifest.json')!.content;
      const forgedDir = mkdtempSync(join(tmpdir(), 'bundle-openssl-'));
      writeFileSync(
        join(forgedDir, 'bundle.zip'),
        tampered(bundle, 'manifest.json', Buffer.from(manifest.toString().replace('"r1"', '"r2"'))),
      );
      const forged = spawnSync('sh', ['-c', OPENSSL_CHECK], { cwd: forgedDir, encoding: 'utf8' });
      expect(forged.status).not.toBe(0);
      expect(forged.stdout).toContain('Verification failure');
    }
  });
});

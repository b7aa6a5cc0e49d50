/**
 * Reading an evidence bundle back for the UI (main/core/runner/evidence/bundle-import.ts): a sealed bundle
 * verifies and gives its run; a changed one is read but says it does not verify and why; a file
 * that is not a bundle, one without a run, an oversized one and a ZIP bomb are refused by name.
 */
import { X509Certificate } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTppIdentity } from '../../../../main/core/runner/targets/embedded-target';
import { createBundle, type Signer } from '../../../../main/core/runner/evidence/evidence-bundle';
import {
  BundleImportError,
  MAX_BUNDLE_BYTES,
  readEvidenceBundle,
} from '../../../../main/core/runner/evidence/bundle-import';
import { runChecks } from '../../../../main/core/runner/engine/run';
import { serializeRunResult } from '../../../../main/core/runner/results/result-file';
import { readZip, writeZip } from '../../../../main/core/runner/evidence/zip';
import { toPem } from '../../../../main/core/certs/index';
import { check, environment, runOptions } from '../fakes';

let signer: Signer;
let fingerprint: string;
let runJson: Buffer;

beforeAll(async () => {
  const identity = await createTppIdentity();
  signer = {
    key: identity.qsealc.privateKey,
    certificatePem: toPem(identity.qsealc.certificateDer),
  };
  fingerprint = new X509Certificate(signer.certificatePem).fingerprint256;
  const result = await runChecks(
    runOptions(
      [
        check('PASSES', async (ctx) => ctx.evidence.note('fine')),
        check('FAILS', async (ctx) => ctx.expect.equal(1, 2, 'one is two')),
      ],
      { createEnvironment: () => environment() },
    ),
  );
  runJson = Buffer.from(serializeRunResult(result));
}, 60_000);

const bundle = (files = [{ name: 'run-result.json', content: runJson }]) =>
  createBundle(files, signer, { runId: 'r1', runName: null });

describe('reading an evidence bundle', () => {
  it('verifies a sealed bundle and gives its run, the signer and the fingerprint', () => {
    const { result, provenance } = readEvidenceBundle(bundle(), 'evidence.zip');
    expect(result.checks.map((c) => [c.checkId, c.status])).toEqual([
      ['PASSES', 'PASS'],
      ['FAILS', 'FAIL'],
    ]);
    expect(provenance).toMatchObject({
      fileName: 'evidence.zip',
      verified: true,
      problems: [],
      signerFingerprint256: fingerprint,
    });
    expect(provenance.signerSubject).toMatch(/CN=Workbench Suites TPP/);
    expect(provenance.sealedAt).toMatch(/^\d{4}-/);
  });

  it('reads a changed bundle but says it does not verify, naming the changed file', () => {
    const changed = JSON.parse(runJson.toString('utf8'));
    changed.checks[1].status = 'PASS';
    delete changed.checks[1].failure;
    const zip = writeZip(
      readZip(bundle()).map((file) =>
        file.name === 'run-result.json'
          ? { name: file.name, content: Buffer.from(JSON.stringify(changed)) }
          : file,
      ),
    );
    const { provenance } = readEvidenceBundle(zip, 'evidence.zip');
    expect(provenance.verified).toBe(false);
    expect(provenance.problems).toEqual([
      expect.stringMatching(/^run-result\.json: SHA-256 .* the manifest says/),
    ]);
  });

  it('refuses a file that is not a ZIP, a ZIP that is no bundle, and a bundle with no run', () => {
    const refused = (bytes: Buffer) => {
      try {
        readEvidenceBundle(bytes, 'x.zip');
      } catch (error) {
        expect(error).toBeInstanceOf(BundleImportError);
        return (error as Error).message;
      }
      throw new Error('not refused');
    };
    expect(refused(Buffer.from('{"format":"psd2-workbench/run-result"} and some more'))).toMatch(
      /^x\.zip is not an evidence bundle: it is not a ZIP archive/,
    );
    expect(refused(writeZip([{ name: 'a.txt', content: Buffer.from('a') }]))).toMatch(
      /^x\.zip is not an evidence bundle: it has no manifest\.json/,
    );
    expect(refused(bundle([{ name: 'junit.xml', content: Buffer.from('<x/>') }]))).toMatch(
      /^x\.zip holds no run-result\.json/,
    );
  });

  it('refuses a file over the size limit before unpacking it, and a ZIP bomb while unpacking', () => {
    expect(() => readEvidenceBundle(Buffer.alloc(MAX_BUNDLE_BYTES + 1), 'big.zip')).toThrow(
      `big.zip is ${MAX_BUNDLE_BYTES + 1} bytes; an evidence bundle is at most ${MAX_BUNDLE_BYTES} bytes.`,
    );
    // Zeros deflate to almost nothing: 200 MB in a few hundred KB, over four times the limit.
    const zeros = Buffer.alloc(MAX_BUNDLE_BYTES);
    const bomb = writeZip(
      Array.from({ length: 5 }, (_, i) => ({ name: `zeros-${i}`, content: zeros })),
    );
    expect(bomb.length).toBeLessThan(MAX_BUNDLE_BYTES);
    expect(() => readEvidenceBundle(bomb, 'bomb.zip')).toThrow(/unpacks to more than/);
  });
});

/**
 * Test helpers: OpenSSL as the independent reference, and a small PKI made once per test file.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createTestCa,
  issueQsealc,
  issueQwac,
  type IssuedCertificate,
  type TestCa,
} from '../../../main/core/certs/issue.js';
import { generateRsaKeyPairSync, type RsaKeyPair } from '../../../main/core/certs/keys.js';
import type { NameInput, OrganizationSubject } from '../../../main/core/certs/name.js';
import type { Psd2Role } from '../../../main/core/certs/psd2-roles.js';

/** Runs openssl; returns stdout (throws with stderr on failure). */
export function openssl(args: string[], input?: Buffer | string): Buffer {
  return execFileSync('openssl', args, { input, stdio: ['pipe', 'pipe', 'pipe'] });
}

export function opensslText(args: string[], input?: Buffer | string): string {
  return openssl(args, input).toString('utf8').trim();
}

/** A scratch directory; call the returned cleanup in afterAll. */
export function scratchDirectory(): {
  dir: string;
  file(name: string, data: string | Buffer): string;
  cleanup(): void;
} {
  const dir = mkdtempSync(join(tmpdir(), 'psd2-wb-test-'));
  return {
    dir,
    file(name, data) {
      const path = join(dir, name);
      writeFileSync(path, data);
      return path;
    },
    cleanup() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export const TPP_SUBJECT = {
  commonName: 'Example TPP',
  organizationName: 'Example TPP AS',
  countryName: 'NO',
  organizationIdentifier: 'PSDNO-FSA-123456',
};

export interface TestPki {
  ca: TestCa;
  qsealc: IssuedCertificate;
  qwac: IssuedCertificate;
  keys: { root: RsaKeyPair; intermediate: RsaKeyPair; tpp: RsaKeyPair; tls: RsaKeyPair };
}

/** Root, intermediate, QSealC and QWAC with 2048-bit keys generated once. */
export async function makeTestPki(
  options: { roles?: Psd2Role[]; intermediateSubject?: OrganizationSubject | NameInput } = {},
): Promise<TestPki> {
  const keys = {
    root: generateRsaKeyPairSync(),
    intermediate: generateRsaKeyPairSync(),
    tpp: generateRsaKeyPairSync(),
    tls: generateRsaKeyPairSync(),
  };
  const ca = await createTestCa({
    rootKey: keys.root,
    intermediateKey: keys.intermediate,
    ...(options.intermediateSubject ? { intermediateSubject: options.intermediateSubject } : {}),
  });
  const common = {
    issuer: ca.issuer,
    subject: TPP_SUBJECT,
    roles: options.roles ?? (['PSP_AI', 'PSP_PI'] as Psd2Role[]),
    ncaName: 'Finanstilsynet',
    ncaId: 'NO-FSA',
  };
  const qsealc = await issueQsealc({ ...common, keyPair: keys.tpp });
  const qwac = await issueQwac({ ...common, keyPair: keys.tls });
  return { ca, qsealc, qwac, keys };
}

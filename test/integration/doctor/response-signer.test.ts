/**
 * The doctor's `response-signer` line (§5.2.7): a bank that signs its answers while the profile
 * pins no signer WARNs with how to pin it; the pinned signer PASSES; a signer other than the
 * pinned one FAILs; a bank that signs nothing SKIPs.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBank, type Bank } from '../../../main/core/bank/index.js';
import {
  createResponseSigner,
  generateResponseCertificate,
} from '../../../main/core/bank/answers/response-signing.js';
import { VirtualClock } from '../../../main/core/clock.js';
import { runDoctor } from '../../../main/core/runner/doctor/index.js';
import {
  issueTpp,
  lineOf,
  loadProfile,
  profileFor,
  writeTppFiles,
  type TppFiles,
} from '../../unit/runner/doctor/fixtures.js';

let tpp: TppFiles;
const banks: Bank[] = [];
let signingUrl: string;
let plainUrl: string;

async function listen(bank: Bank): Promise<string> {
  banks.push(bank);
  return (await bank.listen()).url;
}

beforeAll(async () => {
  tpp = writeTppFiles(await issueTpp());
  const [seal, other] = await Promise.all([
    generateResponseCertificate(),
    generateResponseCertificate(),
  ]);
  writeFileSync(join(tpp.dir, 'bank-seal.pem'), seal.certificatePem);
  writeFileSync(join(tpp.dir, 'other-seal.pem'), other.certificatePem);
  signingUrl = await listen(
    createBank({
      mode: 'sandbox',
      clock: new VirtualClock(),
      signResponse: createResponseSigner({ certificate: seal.certificatePem, key: seal.key }),
    }),
  );
  plainUrl = await listen(createBank({ mode: 'sandbox', clock: new VirtualClock() }));
}, 60_000);

afterAll(() => Promise.all(banks.map((bank) => bank.close())));

const signerLine = async (url: string, bankSigningCert?: string) =>
  lineOf(
    await runDoctor(
      await loadProfile(
        tpp.dir,
        profileFor(url, (p) => {
          delete p.tls;
          if (bankSigningCert) p.bankSigningCert = bankSigningCert;
        }),
      ),
    ),
    'response-signer',
  );

describe('workbench doctor: response-signer', () => {
  it('WARNs when the bank signs and the profile pins no signer, naming the fix', async () => {
    const entry = await signerLine(signingUrl);
    expect(entry.status).toBe('WARN');
    expect(entry.detail).toContain('the profile pins no signer');
    expect(entry.detail).toContain('CN=PSD2 Workbench bank');
    expect(entry.fix).toContain('bankSigningCert');
  });

  it('PASSES on the pinned signer and FAILs on another one', async () => {
    expect((await signerLine(signingUrl, 'bank-seal.pem')).status).toBe('PASS');
    const other = await signerLine(signingUrl, 'other-seal.pem');
    expect(other.status).toBe('FAIL');
    expect(other.detail).toContain('invalid');
  });

  it('SKIPs a bank that signs nothing', async () => {
    expect((await signerLine(plainUrl)).status).toBe('SKIP');
  });
});

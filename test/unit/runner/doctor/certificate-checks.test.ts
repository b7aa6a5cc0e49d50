/**
 * The doctor's offline checks, each against a profile broken in one way: a key of another
 * certificate, a certificate under an untrusted CA, an expired or soon expiring certificate, a
 * QSealC without PSP_PI, a profile that does not read; and the keyId printed as the bank reads it.
 * The bank URL is a closed port: the network checks FAIL there and are not what these assert.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { issueQsealc } from '../../../../main/core/certs/index.js';
import { doctorTargetFile, runDoctor } from '../../../../main/core/runner/doctor/index.js';
import {
  closedPort,
  issueTpp,
  keyPem,
  lineOf,
  loadProfile,
  profileFor,
  statuses,
  testCa,
  tppOptions,
  writeProfile,
  writeTppFiles,
  type TppFiles,
} from './fixtures.js';

const DAY = 24 * 60 * 60 * 1000;
const OFFLINE = [
  'key-matches-certificate',
  'certificate-chain',
  'certificate-validity',
  'psd2-roles',
  'key-id',
];
let tpp: TppFiles;
let url: string;

beforeAll(async () => {
  tpp = writeTppFiles(await issueTpp());
  url = `http://127.0.0.1:${await closedPort()}`;
}, 60_000);

const offlineStatuses = (report: Awaited<ReturnType<typeof runDoctor>>) =>
  Object.fromEntries(Object.entries(statuses(report)).filter(([id]) => OFFLINE.includes(id)));

describe('workbench doctor: certificate checks', () => {
  it('passes every offline check for a sound profile, and prints the keyId the bank reads', async () => {
    const report = await runDoctor(await loadProfile(tpp.dir, profileFor(url)));
    expect(lineOf(report, 'profile').status).toBe('PASS');
    expect(offlineStatuses(report)).toEqual(Object.fromEntries(OFFLINE.map((id) => [id, 'PASS'])));
    const keyId = lineOf(report, 'key-id').detail;
    expect(keyId).toContain(`QSealC keyId SN=${tpp.qsealc.serialNumber},CA=${tpp.qsealc.issuer}`);
    expect(keyId).toContain(`AISP-only QSealC keyId SN=${tpp.aispOnly.serialNumber},`);
    expect(tpp.qsealc.serialNumber).toMatch(/^[0-9A-F]+$/);
    expect(lineOf(report, 'certificate-chain').detail).toContain(
      'QSealC → CN=Doctor Test Issuing CA',
    );
  });

  it('key-matches-certificate: names the certificate a wrong key belongs to', async () => {
    const report = await runDoctor(
      await loadProfile(
        tpp.dir,
        profileFor(url, (p) => {
          p.signing = { certificate: 'qsealc.pem', key: 'qwac.key.pem' };
        }),
      ),
    );
    const entry = lineOf(report, 'key-matches-certificate');
    expect(entry.status).toBe('FAIL');
    expect(entry.detail).toContain("/signing: the QSealC's key is not its certificate's");
    expect(entry.detail).toContain('the key of the QWAC (/tls/clientCertificate)');
    expect(entry.fix).toContain('/signing/key');
    expect(lineOf(report, 'certificate-chain').status).toBe('PASS');
  });

  it('certificate-chain: a certificate under a CA the profile does not name FAILs naming its issuer', async () => {
    const other = await testCa('Other QTSP');
    const foreign = await issueQsealc(tppOptions(other));
    writeFileSync(join(tpp.dir, 'foreign.pem'), foreign.certificatePem);
    writeFileSync(join(tpp.dir, 'foreign.key.pem'), keyPem(foreign));
    const report = await runDoctor(
      await loadProfile(
        tpp.dir,
        profileFor(url, (p) => {
          p.signing = { certificate: 'foreign.pem', key: 'foreign.key.pem' };
        }),
      ),
    );
    const entry = lineOf(report, 'certificate-chain');
    expect(entry.status).toBe('FAIL');
    expect(entry.detail).toContain(
      "/signing: the QSealC does not chain to a CA in tls.ca: no CA there or in its PEM issued 'CN=Other QTSP Issuing CA,O=Other QTSP,C=NO'",
    );
    expect(entry.fix).toContain('tls.ca');
    expect(lineOf(report, 'key-matches-certificate').status).toBe('PASS');
  });

  it('certificate-validity: an expired QSealC FAILs with its notAfter', async () => {
    const notAfter = new Date(Date.now() - 10 * DAY);
    const expired = await issueQsealc(
      tppOptions(tpp.ca, ['PSP_AI', 'PSP_PI'], {
        notBefore: new Date(Date.now() - 400 * DAY),
        notAfter,
      }),
    );
    writeFileSync(join(tpp.dir, 'expired.pem'), expired.certificatePem);
    writeFileSync(join(tpp.dir, 'expired.key.pem'), keyPem(expired));
    const report = await runDoctor(
      await loadProfile(
        tpp.dir,
        profileFor(url, (p) => {
          p.signing = { certificate: 'expired.pem', key: 'expired.key.pem' };
        }),
      ),
    );
    const entry = lineOf(report, 'certificate-validity');
    expect(entry.status).toBe('FAIL');
    const second = new Date(Math.floor(notAfter.getTime() / 1000) * 1000).toISOString();
    expect(entry.detail).toContain(`QSealC (/signing) expired at ${second} (notAfter)`);
    expect(entry.fix).toMatch(/renew/);
    expect(offlineStatuses(report)).toMatchObject({
      'key-matches-certificate': 'PASS',
      'psd2-roles': 'PASS',
    });
  });

  it('certificate-validity: a certificate expiring within 30 days is a WARN, and not yet valid a FAIL', async () => {
    const soon = await runDoctor(await loadProfile(tpp.dir, profileFor(url)), {
      now: () => new Date(Date.now() + 350 * DAY),
    });
    expect(lineOf(soon, 'certificate-validity').status).toBe('WARN');
    expect(lineOf(soon, 'certificate-validity').detail).toMatch(
      /QSealC \(\/signing\) expires in 1[45] day/,
    );
    const early = await runDoctor(await loadProfile(tpp.dir, profileFor(url)), {
      now: () => new Date(Date.now() - 2 * DAY),
    });
    expect(lineOf(early, 'certificate-validity').status).toBe('FAIL');
    expect(lineOf(early, 'certificate-validity').detail).toMatch(
      /is not valid before .* \(notBefore\)/,
    );
  });

  it('psd2-roles: a QSealC with PSP_AI only FAILs naming PSP_PI and the PIS checks', async () => {
    const aisOnly = await issueQsealc(tppOptions(tpp.ca, ['PSP_AI']));
    writeFileSync(join(tpp.dir, 'ais.pem'), aisOnly.certificatePem);
    writeFileSync(join(tpp.dir, 'ais.key.pem'), keyPem(aisOnly));
    const report = await runDoctor(
      await loadProfile(
        tpp.dir,
        profileFor(url, (p) => {
          p.signing = { certificate: 'ais.pem', key: 'ais.key.pem' };
        }),
      ),
    );
    const entry = lineOf(report, 'psd2-roles');
    expect(entry.status).toBe('FAIL');
    expect(entry.detail).toContain('/signing: the QSealC has roles PSP_AI but not PSP_PI');
    expect(entry.detail).toContain('PIS checks (payments, baskets) need PSP_PI');
    expect(entry.detail).not.toContain('QWAC');
    expect(lineOf(report, 'certificate-chain').status).toBe('PASS');
  });

  it('profile: a missing secret is one FAIL naming its JSON path, and the other checks SKIP', async () => {
    const file = writeProfile(
      tpp.dir,
      profileFor(url, (p) => {
        p.admin = { url: `${url}/admin`, token: '${env:DOCTOR_TEST_TOKEN}' };
      }),
      'secret.json',
    );
    const report = await doctorTargetFile(file, { env: {} });
    const entry = lineOf(report, 'profile');
    expect(entry.status).toBe('FAIL');
    expect(entry.detail).toContain('DOCTOR_TEST_TOKEN is not set (named at /admin/token)');
    expect(entry.fix).toMatch(/environment variable/);
    expect(report.ok).toBe(false);
    expect(report.lines.filter((l) => l.id !== 'profile').every((l) => l.status === 'SKIP')).toBe(
      true,
    );
  });

  it('profile: a file that cannot be read is named with its JSON path', async () => {
    const file = writeProfile(
      tpp.dir,
      profileFor(url, (p) => {
        p.signing = { certificate: 'qsealc.pem', key: 'missing.key.pem' };
      }),
      'missing.json',
    );
    const entry = lineOf(await doctorTargetFile(file, { env: {} }), 'profile');
    expect(entry.status).toBe('FAIL');
    expect(entry.detail).toContain("/signing/key: cannot read 'missing.key.pem' (ENOENT)");
  });
});

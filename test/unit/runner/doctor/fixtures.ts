/**
 * A TPP's files for doctor tests: a test CA, QSealC, QWAC and AISP-only QSealC as PEM files in a
 * temporary folder, and a profile naming them. Each test breaks one thing and runs the doctor.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createTestCa,
  generateRsaKeyPair,
  issueQsealc,
  issueQwac,
  type IssuedCertificate,
  type Psd2Role,
  type TestCa,
  type Validity,
} from '../../../../main/core/certs/index.js';
import {
  readTargetProfile,
  type LoadedTargetProfile,
  type TargetProfile,
} from '../../../../main/core/runner/target-profile/index.js';
import type { DoctorLine, DoctorReport } from '../../../../main/core/runner/doctor/index.js';

export const ORG_ID = 'PSDNO-FSA-DOCTOR1';

export const keyPem = (issued: IssuedCertificate) =>
  issued.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;

export async function testCa(name = 'Doctor Test'): Promise<TestCa> {
  return createTestCa({
    rootKey: await generateRsaKeyPair(2048),
    rootSubject: { commonName: `${name} Root CA`, organizationName: name, countryName: 'NO' },
    intermediateSubject: {
      commonName: `${name} Issuing CA`,
      organizationName: name,
      countryName: 'NO',
    },
  });
}

export function tppOptions(
  ca: TestCa,
  roles: Psd2Role[] = ['PSP_AI', 'PSP_PI'],
  validity: Validity = {},
) {
  return {
    ...validity,
    issuer: ca.issuer,
    subject: {
      commonName: 'Doctor TPP',
      organizationName: 'Doctor TPP',
      countryName: 'NO',
      organizationIdentifier: ORG_ID,
    },
    roles,
    ncaName: 'Finanstilsynet',
    ncaId: 'NO-FSA',
  };
}

export interface TppFiles {
  dir: string;
  ca: TestCa;
  qsealc: IssuedCertificate;
  qwac: IssuedCertificate;
  aispOnly: IssuedCertificate;
}

/** Writes the files of `tpp` into a fresh folder: the QWAC's PEM carries the intermediate. */
export function writeTppFiles(tpp: Omit<TppFiles, 'dir'>): TppFiles {
  const dir = mkdtempSync(join(tmpdir(), 'doctor-'));
  const write = (name: string, text: string) => writeFileSync(join(dir, name), text);
  write('ca-root.pem', tpp.ca.root.certificatePem);
  write('qsealc.pem', tpp.qsealc.certificatePem);
  write('qsealc.key.pem', keyPem(tpp.qsealc));
  write('qwac.pem', tpp.qwac.certificatePem + tpp.ca.intermediate.certificatePem);
  write('qwac.key.pem', keyPem(tpp.qwac));
  write('aisp-qsealc.pem', tpp.aispOnly.certificatePem);
  write('aisp-qsealc.key.pem', keyPem(tpp.aispOnly));
  return { dir, ...tpp };
}

export async function issueTpp(ca?: TestCa): Promise<Omit<TppFiles, 'dir'>> {
  const authority = ca ?? (await testCa());
  const [qsealc, qwac, aispOnly] = await Promise.all([
    issueQsealc(tppOptions(authority)),
    issueQwac(tppOptions(authority)),
    issueQsealc({
      ...tppOptions(authority, ['PSP_AI']),
      subject: { ...tppOptions(authority).subject, organizationIdentifier: `${ORG_ID}-AIS` },
    }),
  ]);
  return { ca: authority, qsealc, qwac, aispOnly };
}

/** A profile for the files in `dir`; `change` breaks what the test is about. */
export function profileFor(
  baseUrl: string,
  change: (profile: TargetProfile) => void = () => undefined,
): TargetProfile {
  const profile: TargetProfile = {
    profileVersion: 1,
    baseUrl,
    mode: 'sandbox',
    signing: { certificate: 'qsealc.pem', key: 'qsealc.key.pem' },
    tls: {
      clientCertificate: { certificate: 'qwac.pem', key: 'qwac.key.pem' },
      ca: ['ca-root.pem'],
    },
    aispOnlyTpp: { signing: { certificate: 'aisp-qsealc.pem', key: 'aisp-qsealc.key.pem' } },
    sca: { mode: 'headless' },
  };
  change(profile);
  return profile;
}

export function writeProfile(dir: string, profile: TargetProfile, name = 'bank.json'): string {
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(profile, null, 2));
  return file;
}

export async function loadProfile(
  dir: string,
  profile: TargetProfile,
  env: Record<string, string> = {},
): Promise<LoadedTargetProfile> {
  return readTargetProfile(writeProfile(dir, profile), { env });
}

export function lineOf(report: DoctorReport, id: string): DoctorLine {
  const found = report.lines.find((l) => l.id === id);
  if (!found) throw new Error(`no line '${id}' in ${report.lines.map((l) => l.id).join(', ')}`);
  return found;
}

/** The statuses by id, for asserting that only the broken check fails. */
export function statuses(report: DoctorReport): Record<string, string> {
  return Object.fromEntries(report.lines.map((l) => [l.id, l.status]));
}

/** A port on 127.0.0.1 nothing listens on: one the system gave out and that was closed again. */
export async function closedPort(): Promise<number> {
  const { createServer } = await import('node:net');
  const server = createServer();
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as { port: number };
  await new Promise((ok) => server.close(ok));
  return port;
}

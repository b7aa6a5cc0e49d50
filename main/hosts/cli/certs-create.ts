/**
 * `workbench certs create` (certs-command.ts has the usage): a test CA, the TPP's QWAC and
 * QSealC with PSD2 roles in their QCStatements, a second AISP-only TPP, the bank's TLS
 * certificate and the registry, as PEM files (and .p12 on request) in one directory.
 */
import { X509Certificate } from 'node:crypto';
import { access, mkdir, writeFile } from 'node:fs/promises';
import { isIP } from 'node:net';
import { join } from 'node:path';
import {
  caPublicationUrls,
  createTestCa,
  exportPkcs12,
  initialCrl,
  issueQsealc,
  issueQwac,
  issueServerCertificate,
  PSD2_ROLE_NAMES,
  type IssuedCertificate,
  type Psd2Role,
} from '../../core/certs/index.js';
import { EXPORT_PASSPHRASE_RULE, exportPassphraseProblem } from '../../shared/export-passphrase.js';
import { UsageError, type CliIo } from './io.js';
import { parseFlags } from './parse.js';

/** The files of the issuing CA that `certs create` writes and `certs revoke` reads and rewrites. */
export const CA_FILES = {
  certificate: 'ca-intermediate.pem',
  key: 'ca-intermediate.key.pem',
  crl: 'ca-intermediate.crl',
} as const;

const ORG_ID = /^PSD[A-Z]{2}-[A-Z]{2,8}-[A-Za-z0-9-]+$/;

export function parseRoles(value: string): Psd2Role[] {
  const roles = value
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean);
  if (roles.length === 0) throw new UsageError('--roles needs at least one role');
  for (const role of roles) {
    if (!PSD2_ROLE_NAMES.includes(role as Psd2Role)) {
      throw new UsageError(`--roles: '${role}' is not a PSD2 role (${PSD2_ROLE_NAMES.join(', ')})`);
    }
  }
  return roles as Psd2Role[];
}

/** RFC 1123 host name labels; a leading `*.` wildcard as TLS certificates allow (RFC 6125 §6.4.3). */
const DNS_NAME =
  /^(?:\*\.)?(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)*[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

/** `--san DNS:name,IP:addr,…` → the names by type; a bad entry is a usage error naming it. */
export function parseSan(value: string): { dnsNames: string[]; ipAddresses: string[] } {
  const dnsNames: string[] = [];
  const ipAddresses: string[] = [];
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) throw new UsageError('--san needs at least one DNS:name or IP:addr');
  for (const entry of entries) {
    const match = /^(DNS|IP):(.+)$/i.exec(entry);
    const type = match?.[1]?.toUpperCase();
    const name = match?.[2] ?? '';
    if (type === 'DNS' && name.length <= 253 && DNS_NAME.test(name)) dnsNames.push(name);
    else if (type === 'IP' && isIP(name) !== 0) ipAddresses.push(name);
    else
      throw new UsageError(`--san: '${entry}' is not DNS:<host name> or IP:<IPv4 or IPv6 address>`);
  }
  return { dnsNames, ipAddresses };
}

/** An AIA or CRL URL: absolute, with the schemes RFC 5280 §4.2.1.13 / §4.2.2.1 name (and https). */
export function parseCertificateUrl(flag: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`${flag}: '${value}' is not an absolute URL`);
  }
  if (!['http:', 'https:', 'ldap:'].includes(url.protocol))
    throw new UsageError(`${flag}: '${value}' must be an http, https or ldap URL`);
  // The URI goes into an IA5String: ASCII only (RFC 5280 §4.2.1.6).
  if (!/^[\x20-\x7e]+$/.test(value))
    throw new UsageError(`${flag}: '${value}' must be ASCII (percent-encode the rest)`);
  return value;
}

/** The .p12 passphrase from the named environment variable, checked against the project rule. */
export function p12Passphrase(name: string, env: NodeJS.ProcessEnv = process.env): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name))
    throw new UsageError(`--p12-passphrase-env: '${name}' is not an environment variable name`);
  const passphrase = env[name];
  if (passphrase === undefined || passphrase === '')
    throw new UsageError(`--p12-passphrase-env: environment variable ${name} is not set`);
  const problem = exportPassphraseProblem(passphrase);
  if (problem)
    throw new UsageError(
      `--p12-passphrase-env: the passphrase in ${name} is refused. ${problem} The rule: ${EXPORT_PASSPHRASE_RULE}.`,
    );
  return passphrase;
}

/** `certs create`'s flags, checked (all before anything is written). */
interface CreateOptions {
  out: string;
  force: boolean;
  orgId: string;
  orgName: string | undefined;
  ncaName: string | undefined;
  ncaId: string | undefined;
  roles: Psd2Role[];
  days: number;
  san: { dnsNames: string[]; ipAddresses: string[] } | undefined;
  caIssuersUrl: string | undefined;
  crlUrl: string | undefined;
  revocationBase: string | undefined;
  passphrase: string | undefined;
}

function parseCreateOptions(argv: string[]): CreateOptions {
  const { values, positionals } = parseFlags(
    argv,
    {
      out: { type: 'string' },
      'org-id': { type: 'string' },
      'org-name': { type: 'string' },
      roles: { type: 'string' },
      'nca-name': { type: 'string' },
      'nca-id': { type: 'string' },
      days: { type: 'string' },
      san: { type: 'string' },
      'aia-url': { type: 'string' },
      'crl-url': { type: 'string' },
      'revocation-url': { type: 'string' },
      p12: { type: 'boolean' },
      'p12-passphrase-env': { type: 'string' },
      force: { type: 'boolean' },
    },
    true,
  );
  if (positionals[0] !== 'create' || positionals.length !== 1) {
    throw new UsageError(
      `expected 'certs create' or 'certs revoke', got 'certs ${positionals.join(' ')}'`,
    );
  }
  if (!values.out) throw new UsageError('--out DIR is required');
  const orgId = values['org-id'] ?? 'PSDNO-FSA-WORKBENCH1';
  if (!ORG_ID.test(orgId)) {
    throw new UsageError(
      `--org-id '${orgId}' is not of the form PSD<country>-<NCA>-<id>, e.g. PSDNO-FSA-123456`,
    );
  }
  const roles = parseRoles(values.roles ?? 'PSP_AI,PSP_PI');
  const days = values.days === undefined ? 365 : Number(values.days);
  if (!Number.isInteger(days) || days < 1 || days > 3650) {
    throw new UsageError(`--days must be a whole number from 1 to 3650, not '${values.days}'`);
  }
  const san = values.san === undefined ? undefined : parseSan(values.san);
  const caIssuersUrl =
    values['aia-url'] === undefined
      ? undefined
      : parseCertificateUrl('--aia-url', values['aia-url']);
  const crlUrl =
    values['crl-url'] === undefined
      ? undefined
      : parseCertificateUrl('--crl-url', values['crl-url']);
  const revocationBase = values['revocation-url'];
  if (revocationBase !== undefined) {
    if (caIssuersUrl !== undefined || crlUrl !== undefined)
      throw new UsageError(
        '--revocation-url sets both the AIA and the CRL URL; give it or --aia-url/--crl-url, not both',
      );
    const base = parseCertificateUrl('--revocation-url', revocationBase);
    if (!/^https?:$/.test(new URL(base).protocol))
      throw new UsageError(`--revocation-url: '${base}' must be the http(s) URL of the bank`);
  }
  if (values.p12 && values['p12-passphrase-env'] === undefined)
    throw new UsageError(
      '--p12 needs --p12-passphrase-env NAME (the passphrase of the .p12 files)',
    );
  if (!values.p12 && values['p12-passphrase-env'] !== undefined)
    throw new UsageError('--p12-passphrase-env is only used with --p12');
  const passphrase = values.p12 ? p12Passphrase(values['p12-passphrase-env']!) : undefined;
  return {
    out: values.out,
    force: values.force ?? false,
    orgId,
    orgName: values['org-name'],
    ncaName: values['nca-name'],
    ncaId: values['nca-id'],
    roles,
    days,
    san,
    caIssuersUrl,
    crlUrl,
    revocationBase,
    passphrase,
  };
}

/** The files `certs create` writes; with --p12 the three .p12 files as well. */
function createdFiles(p12: boolean): string[] {
  return [
    'ca-root.pem',
    'ca-intermediate.pem',
    'ca-chain.pem',
    CA_FILES.key,
    CA_FILES.crl,
    'qwac.pem',
    'qwac.key.pem',
    'qsealc.pem',
    'qsealc.key.pem',
    'aisp-qsealc.pem',
    'aisp-qsealc.key.pem',
    'bank-tls.pem',
    'bank-tls.key.pem',
    'registry.json',
    ...(p12 ? ['qwac.p12', 'qsealc.p12', 'aisp-qsealc.p12'] : []),
  ];
}

/** Without --force, a file already there stops the command before anything is written. */
async function refuseExisting(out: string, files: string[]): Promise<void> {
  for (const file of files) {
    const exists = await access(join(out, file)).then(
      () => true,
      () => false,
    );
    if (exists) throw new UsageError(`${join(out, file)} exists; use --force to overwrite`);
  }
}

/** What `certs create` issues: the CA, the TPPs' certificates, the bank's and the registry. */
interface IssuedSet {
  ca: Awaited<ReturnType<typeof createTestCa>>;
  qwac: IssuedCertificate;
  qsealc: IssuedCertificate;
  aispOnlyQsealc: IssuedCertificate;
  bankTls: IssuedCertificate;
  registry: { organizationIdentifier: string; name: string; roles: string[] }[];
  /** The CRL URL the TPP certificates carry, if any. */
  crlUrl: string | undefined;
}

async function issueCertificateSet(options: CreateOptions): Promise<IssuedSet> {
  const { orgId, roles, days, san, revocationBase } = options;
  let { caIssuersUrl, crlUrl } = options;
  const ca = await createTestCa();
  if (revocationBase !== undefined)
    ({ caIssuersUrl, crlUrl } = caPublicationUrls(
      revocationBase,
      new X509Certificate(ca.intermediate.certificateDer),
    ));
  const tpp = {
    issuer: ca.issuer,
    subject: {
      commonName: options.orgName ?? 'Workbench Test TPP',
      organizationName: options.orgName ?? 'Workbench Test TPP',
      countryName: orgId.slice(3, 5),
      organizationIdentifier: orgId,
    },
    roles,
    ncaName: options.ncaName ?? 'Finanstilsynet',
    ncaId: options.ncaId ?? 'NO-FSA',
    validityDays: days,
    ...(caIssuersUrl !== undefined ? { caIssuersUrl } : {}),
    ...(crlUrl !== undefined ? { crlUrl } : {}),
  };
  const [qwac, qsealc] = [await issueQwac({ ...tpp, ...san }), await issueQsealc(tpp)];
  // A second TPP of the same CA with the same certificate roles, registered for AISP only, so
  // only the bank's registry can refuse its payments (GEN-ROLE-MUST-BE-REGISTERED).
  const aispOnlyName = `${tpp.subject.organizationName} (AISP only)`;
  const aispOnly = {
    organizationIdentifier: `${orgId}-AIS`,
    name: aispOnlyName,
    qsealc: await issueQsealc({
      ...tpp,
      subject: {
        ...tpp.subject,
        commonName: aispOnlyName,
        organizationName: aispOnlyName,
        organizationIdentifier: `${orgId}-AIS`,
      },
    }),
  };
  const bankTls = await issueServerCertificate({
    issuer: ca.issuer,
    dnsNames: [...new Set(['localhost', ...(san?.dnsNames ?? [])])],
    ipAddresses: [...new Set(['127.0.0.1', '::1', ...(san?.ipAddresses ?? [])])],
    validityDays: days,
  });
  const registry = [
    {
      organizationIdentifier: orgId,
      name: tpp.subject.organizationName,
      roles: [
        ...(roles.includes('PSP_AI') ? ['AISP'] : []),
        ...(roles.includes('PSP_PI') ? ['PISP'] : []),
      ],
    },
    {
      organizationIdentifier: aispOnly.organizationIdentifier,
      name: aispOnly.name,
      roles: ['AISP'],
    },
  ];
  return { ca, qwac, qsealc, aispOnlyQsealc: aispOnly.qsealc, bankTls, registry, crlUrl };
}

/** The issued set as the files createdFiles names (keys mode 0600: test keys, unencrypted). */
async function writeCertificateSet(
  out: string,
  { ca, qwac, qsealc, aispOnlyQsealc, bankTls, registry }: IssuedSet,
  passphrase: string | undefined,
): Promise<void> {
  const keyPem = (key: typeof qwac.privateKey) =>
    key.export({ type: 'pkcs8', format: 'pem' }) as string;
  await mkdir(out, { recursive: true });
  const write = (file: string, content: string, mode = 0o644) =>
    writeFile(join(out, file), content, { mode });
  await write('ca-root.pem', ca.root.certificatePem);
  await write('ca-intermediate.pem', ca.intermediate.certificatePem);
  await write('ca-chain.pem', ca.chainPem);
  await write(CA_FILES.key, keyPem(ca.issuer.privateKey), 0o600);
  await writeFile(join(out, CA_FILES.crl), initialCrl(ca.issuer), { mode: 0o644 });
  await write('qwac.pem', qwac.certificatePem + ca.intermediate.certificatePem);
  await write('qwac.key.pem', keyPem(qwac.privateKey), 0o600);
  await write('qsealc.pem', qsealc.certificatePem);
  await write('qsealc.key.pem', keyPem(qsealc.privateKey), 0o600);
  await write('aisp-qsealc.pem', aispOnlyQsealc.certificatePem);
  await write('aisp-qsealc.key.pem', keyPem(aispOnlyQsealc.privateKey), 0o600);
  await write('bank-tls.pem', bankTls.certificatePem + ca.intermediate.certificatePem);
  await write('bank-tls.key.pem', keyPem(bankTls.privateKey), 0o600);
  await write('registry.json', JSON.stringify(registry, null, 2) + '\n');
  if (passphrase !== undefined) {
    // The issuing CA goes along so a TLS client can send the chain (the root stays out: the
    // peer must already trust it). exportPkcs12 is the strong export (key-protection.ts).
    const p12 = (name: string, certificate: typeof qwac, friendlyName: string) =>
      writeFile(
        join(out, name),
        exportPkcs12({
          privateKey: certificate.privateKey,
          certificates: [certificate.certificateDer, ca.intermediate.certificateDer],
          passphrase,
          friendlyName,
        }),
        { mode: 0o600 },
      );
    await p12('qwac.p12', qwac, 'QWAC');
    await p12('qsealc.p12', qsealc, 'QSealC');
    await p12('aisp-qsealc.p12', aispOnlyQsealc, 'QSealC (AISP only)');
  }
}

/** `workbench certs create --out DIR …`. */
export async function createCertificates(argv: string[], io: CliIo): Promise<number> {
  const options = parseCreateOptions(argv);
  const files = createdFiles(options.passphrase !== undefined);
  if (!options.force) await refuseExisting(options.out, files);
  const issued = await issueCertificateSet(options);
  await writeCertificateSet(options.out, issued, options.passphrase);
  const { qwac, qsealc, crlUrl } = issued;
  io.out(`Wrote ${files.length} files to ${options.out}:`);
  io.out(`  QSealC  serial ${qsealc.serialNumber}  ${qsealc.subject}`);
  io.out(`  QWAC    serial ${qwac.serialNumber}  ${qwac.subject}`);
  io.out(`  issuer  ${qsealc.issuer}`);
  io.out(`  roles   ${options.roles.join(', ')}`);
  if (crlUrl !== undefined) io.out(`  CRL     ${crlUrl}`);
  return 0;
}

/**
 * `workbench certs create`: a test CA (root + intermediate), a QWAC and a QSealC for one TPP with
 * PSD2 roles in their QCStatements, all as PEM files — for a TPP team's scripts and CI, and for
 * `workbench bank --trust-ca` and `--registry`; with the issuing CA's key and its first CRL
 * (RFC 5280 §5). `workbench certs revoke` adds a certificate to that CRL, which `workbench bank
 * --crl` serves and checks in production mode.
 */
import { createPrivateKey, X509Certificate } from 'node:crypto';
import { mkdir, writeFile, access, readFile } from 'node:fs/promises';
import { isIP } from 'node:net';
import { join } from 'node:path';
import {
  caPublicationUrls,
  createTestCa,
  CRL_REASON_NAMES,
  CrlError,
  exportPkcs12,
  initialCrl,
  revokeCertificate,
  type CrlReason,
  issueQsealc,
  issueQwac,
  issueServerCertificate,
  PSD2_ROLE_NAMES,
  type Psd2Role,
} from '../../core/certs/index.js';
import { writeFileAtomic } from '../../core/persistence/atomic-file.js';
import { EXPORT_PASSPHRASE_RULE, exportPassphraseProblem } from '../../shared/export-passphrase.js';
import { UsageError } from './io.js';
import { parseFlags } from './parse.js';
import type { CliCommand } from './command.js';

const usage = `Usage: workbench certs create --out DIR [--org-id PSDNO-FSA-...] [--org-name NAME]
                              [--roles PSP_AI,PSP_PI] [--nca-name NAME] [--nca-id ID]
                              [--days N] [--san DNS:name,IP:addr]
                              [--revocation-url BASE | --aia-url URL --crl-url URL]
                              [--p12 --p12-passphrase-env NAME] [--force]
       workbench certs revoke --dir DIR --cert FILE [--reason REASON]

Writes to DIR (PEM): ca-root.pem, ca-intermediate.pem, ca-chain.pem, ca-intermediate.key.pem
(the issuing CA's key, which signs its CRL), ca-intermediate.crl (its CRL, DER, nothing revoked
yet), qwac.pem + qwac.key.pem (TLS client, mTLS), qsealc.pem + qsealc.key.pem (request signing,
§5.2), aisp-qsealc.pem + aisp-qsealc.key.pem (a second TPP, ORG-ID-AIS, that registry.json
registers for AISP only: the target profile's aispOnlyTpp), bank-tls.pem + bank-tls.key.pem
(server certificate for localhost and 127.0.0.1: 'workbench bank --tls-cert'), and registry.json
for 'workbench bank --registry'. Keys are written unencrypted with mode 0600: they are test keys.
  --org-id ID     organizationIdentifier (ETSI TS 119 495), default PSDNO-FSA-WORKBENCH1
  --org-name N    organisation name, default "Workbench Test TPP"
  --roles LIST    PSD2 roles from ${PSD2_ROLE_NAMES.join(', ')} (default PSP_AI,PSP_PI)
  --nca-name N    competent authority, default Finanstilsynet
  --nca-id ID     competent authority id, default NO-FSA
  --days N        validity of the TPP certificates, default 365
  --san LIST      subjectAltNames for qwac.pem and bank-tls.pem, e.g. DNS:tpp.example,IP:10.0.0.5
                  (bank-tls.pem keeps localhost, 127.0.0.1 and ::1 as well)
  --revocation-url BASE
                  the URL of a 'workbench bank --crl' (e.g. http://127.0.0.1:8080): the TPP
                  certificates get AIA caIssuers BASE/pki/<ca>.crt and CRL Distribution Point
                  BASE/pki/<ca>.crl, the paths that bank serves (<ca>: the issuing CA's
                  Common Name, lower case with hyphens: psd2-workbench-test-issuing-ca)
  --aia-url URL   put an Authority Information Access extension (caIssuers URL) into the TPP
                  certificates (qwac, qsealc, aisp-qsealc); http, https or ldap
  --crl-url URL   put a CRL Distribution Points extension with URL into the TPP certificates
  --p12           also write qwac.p12, qsealc.p12 and aisp-qsealc.p12 (key, certificate and
                  issuing CA; PBKDF2-HMAC-SHA256 600,000 rounds, AES-256-CBC, HMAC-SHA256 MAC)
  --p12-passphrase-env NAME
                  environment variable holding the .p12 passphrase (required with --p12; never
                  a flag value, so it stays out of shell history and process lists). The rule:
                  ${EXPORT_PASSPHRASE_RULE}
  --force         overwrite existing files

'certs revoke' adds the certificate in FILE (PEM or DER) to the CRL in DIR (ca-intermediate.crl,
re-signed with ca-intermediate.key.pem, CRL number + 1). A running 'workbench bank --crl
DIR/ca-intermediate.crl' reads it again on the next request.
  --dir DIR       the directory 'certs create' wrote
  --cert FILE     the certificate to revoke; it must be issued by DIR/ca-intermediate.pem
  --reason R      CRLReason (RFC 5280 §5.3.1), one of
                  ${CRL_REASON_NAMES.slice(0, 4).join(', ')},
                  ${CRL_REASON_NAMES.slice(4).join(', ')};
                  without it the entry carries no reason code (unspecified)`;

/** The files of the issuing CA that `certs revoke` reads and rewrites. */
const CA_FILES = {
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

async function readCaFile(dir: string, name: string, what: string): Promise<Buffer> {
  const path = join(dir, name);
  try {
    return await readFile(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const hint =
      name === CA_FILES.key || name === CA_FILES.crl
        ? " (written by 'workbench certs create' of this version; create the certificates again)"
        : '';
    throw new UsageError(
      `${path}: cannot read ${what}: ${code ?? (error as Error).message}${hint}`,
    );
  }
}

/** `workbench certs revoke --dir DIR --cert FILE [--reason R]`. */
async function revoke(argv: string[], io: Parameters<CliCommand['run']>[1]): Promise<number> {
  const { values } = parseFlags(argv, {
    dir: { type: 'string' },
    cert: { type: 'string' },
    reason: { type: 'string' },
  });
  if (!values.dir) throw new UsageError('--dir DIR is required (where certs create wrote)');
  if (!values.cert) throw new UsageError('--cert FILE is required (the certificate to revoke)');
  const reason = values.reason;
  if (reason !== undefined && !(CRL_REASON_NAMES as string[]).includes(reason))
    throw new UsageError(
      `--reason: '${reason}' is not a CRL reason (${CRL_REASON_NAMES.join(', ')})`,
    );
  let certificate: Buffer;
  try {
    certificate = await readFile(values.cert);
  } catch (error) {
    throw new UsageError(
      `--cert ${values.cert}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
  const caDer = await readCaFile(values.dir, CA_FILES.certificate, 'the issuing CA certificate');
  const keyPem = await readCaFile(values.dir, CA_FILES.key, "the issuing CA's private key");
  const crl = await readCaFile(values.dir, CA_FILES.crl, "the issuing CA's CRL");
  let result;
  try {
    result = revokeCertificate({
      crl,
      certificate,
      issuer: {
        certificateDer: new X509Certificate(caDer).raw,
        privateKey: createPrivateKey(keyPem),
      },
      ...(reason !== undefined ? { reason: reason as CrlReason } : {}),
    });
  } catch (error) {
    // CrlError says what does not fit; node:crypto's errors are about unreadable CA files.
    const what = error instanceof CrlError ? '' : `the CA files in ${values.dir} cannot be read: `;
    throw new UsageError(`cannot revoke ${values.cert}: ${what}${(error as Error).message}`);
  }
  const crlPath = join(values.dir, CA_FILES.crl);
  if (result.alreadyRevoked) {
    io.out(
      `Serial ${result.serialNumber} is on ${crlPath} already (revoked ${result.alreadyRevoked.revocationDate.toISOString()}); the CRL is unchanged.`,
    );
    return 0;
  }
  // Replaced at once: a bank reading the CRL while it is revised never sees half a file.
  await writeFileAtomic(crlPath, result.crl, { mode: 0o644 });
  io.out(
    `Revoked serial ${result.serialNumber}${reason ? ` (${reason})` : ''}: ${crlPath} is CRL number ${result.crlNumber}.`,
  );
  return 0;
}

export const certsCommand: CliCommand = {
  name: 'certs',
  summary:
    'Create a test CA and eIDAS-style QWAC and QSealC certificates with PSD2 roles; revoke one.',
  usage,
  async run(argv, io) {
    if (argv[0] === 'revoke') return revoke(argv.slice(1), io);
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
    let caIssuersUrl =
      values['aia-url'] === undefined
        ? undefined
        : parseCertificateUrl('--aia-url', values['aia-url']);
    let crlUrl =
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

    const files = [
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
      ...(passphrase !== undefined ? ['qwac.p12', 'qsealc.p12', 'aisp-qsealc.p12'] : []),
    ];
    if (!values.force) {
      for (const file of files) {
        const exists = await access(join(values.out, file)).then(
          () => true,
          () => false,
        );
        if (exists)
          throw new UsageError(`${join(values.out, file)} exists; use --force to overwrite`);
      }
    }

    const ca = await createTestCa();
    if (revocationBase !== undefined)
      ({ caIssuersUrl, crlUrl } = caPublicationUrls(
        revocationBase,
        new X509Certificate(ca.intermediate.certificateDer),
      ));
    const tpp = {
      issuer: ca.issuer,
      subject: {
        commonName: values['org-name'] ?? 'Workbench Test TPP',
        organizationName: values['org-name'] ?? 'Workbench Test TPP',
        countryName: orgId.slice(3, 5),
        organizationIdentifier: orgId,
      },
      roles,
      ncaName: values['nca-name'] ?? 'Finanstilsynet',
      ncaId: values['nca-id'] ?? 'NO-FSA',
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
    const keyPem = (key: typeof qwac.privateKey) =>
      key.export({ type: 'pkcs8', format: 'pem' }) as string;
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

    await mkdir(values.out, { recursive: true });
    const write = (file: string, content: string, mode = 0o644) =>
      writeFile(join(values.out!, file), content, { mode });
    await write('ca-root.pem', ca.root.certificatePem);
    await write('ca-intermediate.pem', ca.intermediate.certificatePem);
    await write('ca-chain.pem', ca.chainPem);
    await write(CA_FILES.key, keyPem(ca.issuer.privateKey), 0o600);
    await writeFile(join(values.out, CA_FILES.crl), initialCrl(ca.issuer), { mode: 0o644 });
    await write('qwac.pem', qwac.certificatePem + ca.intermediate.certificatePem);
    await write('qwac.key.pem', keyPem(qwac.privateKey), 0o600);
    await write('qsealc.pem', qsealc.certificatePem);
    await write('qsealc.key.pem', keyPem(qsealc.privateKey), 0o600);
    await write('aisp-qsealc.pem', aispOnly.qsealc.certificatePem);
    await write('aisp-qsealc.key.pem', keyPem(aispOnly.qsealc.privateKey), 0o600);
    await write('bank-tls.pem', bankTls.certificatePem + ca.intermediate.certificatePem);
    await write('bank-tls.key.pem', keyPem(bankTls.privateKey), 0o600);
    await write('registry.json', JSON.stringify(registry, null, 2) + '\n');
    if (passphrase !== undefined) {
      // The issuing CA goes along so a TLS client can send the chain (the root stays out: the
      // peer must already trust it). exportPkcs12 is the strong export (key-protection.ts).
      const p12 = (name: string, certificate: typeof qwac, friendlyName: string) =>
        writeFile(
          join(values.out!, name),
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
      await p12('aisp-qsealc.p12', aispOnly.qsealc, 'QSealC (AISP only)');
    }

    io.out(`Wrote ${files.length} files to ${values.out}:`);
    io.out(`  QSealC  serial ${qsealc.serialNumber}  ${qsealc.subject}`);
    io.out(`  QWAC    serial ${qwac.serialNumber}  ${qwac.subject}`);
    io.out(`  issuer  ${qsealc.issuer}`);
    io.out(`  roles   ${roles.join(', ')}`);
    if (crlUrl !== undefined) io.out(`  CRL     ${crlUrl}`);
    return 0;
  },
};

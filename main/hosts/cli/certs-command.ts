/**
 * `workbench certs create`: a test CA (root + intermediate), a QWAC and a QSealC for one TPP with
 * PSD2 roles in their QCStatements, all as PEM files — for a TPP team's scripts and CI, and for
 * `workbench bank --trust-ca` and `--registry`; with the issuing CA's key and its first CRL
 * (RFC 5280 §5). `workbench certs revoke` adds a certificate to that CRL, which `workbench bank
 * --crl` serves and checks in production mode.
 */
import { createPrivateKey, X509Certificate } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  CRL_REASON_NAMES,
  CrlError,
  revokeCertificate,
  type CrlReason,
  PSD2_ROLE_NAMES,
} from '../../core/certs/index.js';
import { writeFileAtomic } from '../../core/persistence/atomic-file.js';
import { EXPORT_PASSPHRASE_RULE } from '../../shared/export-passphrase.js';
import { CA_FILES, createCertificates } from './certs-create.js';
import { UsageError } from './io.js';
import { parseFlags } from './parse.js';
import type { CliCommand } from './command.js';

export { parseCertificateUrl, parseRoles, parseSan, p12Passphrase } from './certs-create.js';

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
    return createCertificates(argv, io);
  },
};

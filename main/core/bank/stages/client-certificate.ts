/**
 * The QWAC (TLS client certificate, mTLS) as the certificate stage sees it in production: the
 * handshake already proved it chains to a trusted CA (tls.ts); here it must not be on the CRL of
 * the CA that issued it (revocation.ts, §1), and the route's role must be among
 * the PSD2 roles of its QCStatement (PSP_AI for account information, PSP_PI for payments). A
 * trusted QWAC without it is answered 403 FORBIDDEN naming the missing role (docs/ci.md "TLS and
 * mTLS"). Roles are read exactly as for the QSealC (trust/certificate-inspection.ts).
 */
import type { X509Certificate } from 'node:crypto';
import { TPP_ROLE_BY_CERTIFICATE_ROLE, type TppRole } from '../../spec/enums.js';
import { bankError } from '../../spec/errors.js';
import { CertificateParseError, type SigningCertificateCache } from '../../signature/index.js';
import type {
  CertificateInspection,
  CertificateInspector,
} from '../trust/certificate-inspection.js';
import type { Revocation, RevocationLists } from '../trust/revocation.js';
import type { TrustStore } from '../trust/trust-store.js';
import { reject, type Rejection } from '../http/refusal.js';
import type { RequestContext } from '../context/request-context.js';

export const CERTIFICATE_ROLE_OF: Readonly<Record<TppRole, string>> = {
  AISP: 'PSP_AI',
  PISP: 'PSP_PI',
};

const refuse = (rule: string, text: string): Rejection =>
  reject(`certificate.qwac-${rule}`, bankError('FORBIDDEN', text));

/** `on the CRL of '<CA>' (CRL number N) since <date>, reason <reason>`. */
export function revocationText(ca: X509Certificate, revoked: Revocation): string {
  const number = revoked.crlNumber !== undefined ? ` (CRL number ${revoked.crlNumber})` : '';
  const reason = revoked.entry.reason ? `, reason ${revoked.entry.reason}` : '';
  return `on the CRL of '${ca.subject.replace(/\n/g, ', ')}'${number} since ${revoked.entry.revocationDate.toISOString()}${reason}`;
}

/**
 * Why the certificate may not authenticate a TLS client, or undefined when it may: §5.1's TLS
 * client certificate is the QWAC (QcType web, ETSI TS 119 495), or at least a certificate with
 * the clientAuth extended key usage. A QSealC (QcType eseal, no clientAuth) seals requests; the
 * handshake lets it in (no extended key usage means any to TLS), the bank does not.
 */
function tlsClientProblem(inspection: CertificateInspection): string | undefined {
  const usage = inspection.tlsClient;
  if (!usage || usage.qcTypes.includes('web') || usage.extendedKeyUsage.includes('clientAuth'))
    return undefined;
  const types = usage.qcTypes.length > 0 ? `QcType ${usage.qcTypes.join(', ')}` : 'no QcType';
  const what = usage.qcTypes.includes('eseal') ? 'a QSealC' : 'not a QWAC';
  const eku =
    usage.extendedKeyUsage.length > 0
      ? `extended key usage ${usage.extendedKeyUsage.join(', ')}`
      : 'no extended key usage';
  return `the TLS client certificate is ${what} (${types}, ${eku}): mTLS needs a QWAC (QcType web) or a certificate with the clientAuth extended key usage (§5.1); a QSealC signs requests, it does not authenticate the TLS client`;
}

/** Checks the verified client certificate of a production request; undefined when it may pass. */
export function clientCertificateRefusal(
  ctx: RequestContext,
  inspect: CertificateInspector,
  parsed: SigningCertificateCache,
  checks: { trustStore: TrustStore; revocation?: RevocationLists },
): Rejection | undefined {
  const der = ctx.request.clientCertificate;
  const role = ctx.route?.tppRole ?? null;
  // The bank's own meta routes (/health, /openapi.json) answer any client the handshake let in.
  if (!der || ctx.route?.internal) return undefined;
  let certificate;
  try {
    certificate = parsed.get(der.toString('base64'));
  } catch (error) {
    if (!(error instanceof CertificateParseError)) throw error;
    if (role === null) return undefined; // nothing to read it for, as before revocation
    return refuse(
      'unreadable',
      `the TLS client certificate (QWAC) cannot be read: ${error.message}`,
    );
  }
  const issuer = checks.revocation && checks.trustStore.issuerOf(certificate.x509);
  const revoked = issuer && checks.revocation!.revocationOf(issuer, certificate.serialNumber);
  if (issuer && revoked)
    return refuse(
      'revoked',
      `the TLS client certificate (QWAC) serial ${certificate.serialNumber} is revoked: ${revocationText(issuer, revoked)}`,
    );
  let inspection;
  try {
    inspection = inspect(certificate);
  } catch (error) {
    if (!(error instanceof CertificateParseError)) throw error;
    if (role === null) return undefined; // nothing to read it for, as before revocation
    return refuse(
      'unreadable',
      `the TLS client certificate (QWAC) cannot be read: ${error.message}`,
    );
  }
  const notForTls = tlsClientProblem(inspection);
  if (notForTls) return refuse('not-tls-client', notForTls);
  if (role === null) return undefined;
  const roles = inspection.roles.map((held) => TPP_ROLE_BY_CERTIFICATE_ROLE[held]);
  if (roles.includes(role)) return undefined;
  const held = inspection.roles.length > 0 ? inspection.roles.join(', ') : 'none';
  const problem = inspection.qcStatementsError
    ? ` (QCStatements unreadable: ${inspection.qcStatementsError})`
    : '';
  const route = ctx.route!;
  return refuse(
    'role-missing',
    `${route.method} ${route.path} needs the ${role} role; the TLS client certificate (QWAC) lacks ${CERTIFICATE_ROLE_OF[role]} (its PSD2 roles: ${held})${problem}`,
  );
}

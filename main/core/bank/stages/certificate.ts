/**
 * Certificate and TPP registry stage. Production: the certificate chains to a CA in
 * the trust store and is valid on the bank clock, and the TPP (organizationIdentifier) holds the
 * endpoint's role both in the certificate's PSD2 QCStatement (PSP_AI → AISP, PSP_PI → PISP) and
 * in the registry, the signing certificate is a QSealC, not a QWAC (§5.2), over mTLS the QWAC
 * holds the role as well, and neither certificate is on its CA's CRL (revocation.ts; §1 "checked
 * … on production calls"); every failure is 403 FORBIDDEN with a precise text. Sandbox: no trust,
 * validity, revocation or registry checks — the identity is recorded
 * for handlers and the log only.
 */
import { TPP_ROLE_BY_CERTIFICATE_ROLE, type TppRole } from '../../spec/enums.js';
import { bankError } from '../../spec/errors.js';
import { SigningCertificateCache } from '../../signature/index.js';
import type {
  CertificateInspection,
  CertificateInspector,
} from '../trust/certificate-inspection.js';
import { faultActive } from '../faults/index.js';
import type { TppRegistry } from '../trust/registry.js';
import type { RevocationLists } from '../trust/revocation.js';
import type { TrustStore } from '../trust/trust-store.js';
import { reject, type Rejection } from '../http/refusal.js';
import type { BankMode } from '../../../shared/mode.js';
import type { Stage } from '../context/request-context.js';
import {
  CERTIFICATE_ROLE_OF,
  clientCertificateRefusal,
  revocationText,
} from './client-certificate.js';

const forbidden = (rule: string, text: string): Rejection =>
  reject(
    `certificate.${rule}`,
    bankError('FORBIDDEN', text, { path: 'TPP-Signature-Certificate' }),
  );

/**
 * Why the certificate may not sign requests, or undefined when it may (decisions.md "HTTP
 * signatures"): §5.2's signing certificate is a QSealC (QcType eseal, ETSI TS 119 495); a QWAC
 * (QcType web) authenticates the TLS client (§5.1) and seals nothing. A certificate that names
 * no QcType is not judged here (its PSD2 roles still are).
 */
function signingCertificateProblem(inspection: CertificateInspection): string | undefined {
  const qcTypes = inspection.tlsClient?.qcTypes ?? [];
  if (qcTypes.length === 0 || qcTypes.includes('eseal')) return undefined;
  const what = qcTypes.includes('web') ? 'a QWAC' : 'not a QSealC';
  return `the signing certificate is ${what} (QcType ${qcTypes.join(', ')}): §5.2 requests are signed with a QSealC (QcType eseal, ETSI TS 119 495); a QWAC authenticates the TLS client (§5.1)`;
}

export interface CertificateStageOptions {
  mode: BankMode;
  trustStore: TrustStore;
  registry: TppRegistry;
  inspect: CertificateInspector;
  /** The CAs' CRLs; without them no certificate counts as revoked. */
  revocation?: RevocationLists;
}

/** The PSD2 roles of an inspection as TPP roles, made once an inspection (one a certificate). */
const tppRoles = new WeakMap<CertificateInspection, readonly TppRole[]>();
function tppRolesOf(inspection: CertificateInspection): readonly TppRole[] {
  let roles = tppRoles.get(inspection);
  if (roles === undefined) {
    roles = inspection.roles
      .map((role) => TPP_ROLE_BY_CERTIFICATE_ROLE[role])
      .filter((role): role is TppRole => role !== null);
    tppRoles.set(inspection, roles);
  }
  return roles;
}

export function certificateStage(options: CertificateStageOptions): Stage {
  const { mode, trustStore, registry, inspect, revocation } = options;
  const clientCertificates = new SigningCertificateCache(64);
  return (ctx) => {
    const route = ctx.route!;
    // Production over mTLS: the QWAC must hold the route's role too (client-certificate.ts).
    if (mode === 'production') {
      const refusal = clientCertificateRefusal(ctx, inspect, clientCertificates, {
        trustStore,
        ...(revocation ? { revocation } : {}),
      });
      if (refusal) return refusal;
    }
    if (!route.signed || !ctx.signature) return ctx;
    const certificate = ctx.signature.certificate;
    const inspection = inspect(certificate);
    const certificateRoles = tppRolesOf(inspection);
    ctx.tpp = { certificateRoles };
    if (inspection.organizationIdentifier !== undefined)
      ctx.tpp.organizationIdentifier = inspection.organizationIdentifier;
    if (mode === 'sandbox') return ctx;

    const now = ctx.now;
    const at = `bank clock ${now.toISOString()}`;
    if (now < certificate.notBefore)
      return forbidden(
        'not-yet-valid',
        `certificate is not valid before ${certificate.notBefore.toISOString()} (${at})`,
      );
    if (now > certificate.notAfter)
      return forbidden(
        'expired',
        `certificate expired at ${certificate.notAfter.toISOString()} (${at})`,
      );
    const issuer = trustStore.issuerOf(certificate.x509);
    if (!issuer && faultActive(ctx, 'GEN-TPP-EIDAS-CERTIFICATE')) return ctx;
    if (!issuer)
      return forbidden(
        'untrusted',
        `certificate issuer '${certificate.issuer}' is not a CA in the bank's trust store, or did not sign this certificate`,
      );
    if (now < new Date(issuer.validFrom) || now > new Date(issuer.validTo))
      return forbidden(
        'ca-expired',
        `issuing CA '${issuer.subject.replace(/\n/g, ', ')}' is not valid on the ${at}`,
      );
    // §1: the certificate is checked on production calls; here against its CA's CRL.
    const revoked = revocation?.revocationOf(issuer, certificate.serialNumber);
    if (revoked)
      return forbidden(
        'revoked',
        `certificate serial ${certificate.serialNumber} is revoked: ${revocationText(issuer, revoked)}`,
      );

    const notSeal = signingCertificateProblem(inspection);
    if (notSeal) return forbidden('not-qsealc', notSeal);

    const role = route.tppRole;
    if (role === null) return ctx;
    const organizationIdentifier = inspection.organizationIdentifier;
    if (organizationIdentifier === undefined)
      return forbidden(
        'no-organization-identifier',
        `certificate subject has no organizationIdentifier (OID 2.5.4.97); the bank cannot find the TPP's ${role} registration`,
      );
    if (!certificateRoles.includes(role)) {
      const held = inspection.roles.length > 0 ? inspection.roles.join(', ') : 'none';
      const problem = inspection.qcStatementsError
        ? ` (QCStatements unreadable: ${inspection.qcStatementsError})`
        : '';
      return forbidden(
        'role-not-in-certificate',
        `${route.method} ${route.path} needs the ${role} role; the certificate's PSD2 roles (${held}) do not include ${CERTIFICATE_ROLE_OF[role]}${problem}`,
      );
    }
    const entry = registry.get(organizationIdentifier);
    if (!entry)
      return forbidden(
        'tpp-not-registered',
        `TPP ${organizationIdentifier} is not in the bank's TPP registry`,
      );
    ctx.tpp.registeredName = entry.name;
    if (!entry.roles.includes(role) && !faultActive(ctx, 'GEN-TPP-ROLE-REGISTERED'))
      return forbidden(
        'role-not-registered',
        `TPP ${organizationIdentifier} (${entry.name}) is registered for ${entry.roles.join(', ')} only; ${route.method} ${route.path} needs ${role}`,
      );
    return ctx;
  };
}

/**
 * `certificate-validity`: every certificate of the profile (QSealC, QWAC, AISP-only QSealC, the
 * intermediates in their PEMs, the CAs of tls.ca) is valid now. An expired or not yet valid
 * QSealC is refused by a production bank (403) and a QWAC fails the TLS handshake (§5.1); one
 * that expires within the warning window (30 days) will, soon — renewal at a QTSP takes time.
 */
import type { X509Certificate } from 'node:crypto';
import { namedCredentials, profileCas, subjectOf } from '../credentials.js';
import { line, type DoctorCheck } from '../types.js';
import { DAY_MS } from '../../../../shared/calendar.js';

/** What to do about a certificate outside its validity dates (the run refuses with it too). */
export const RENEW_CERTIFICATE_FIX =
  'renew the certificate at its CA (or, for test certificates, run workbench certs create again) and point the profile at the new files';

export const certificateValidityCheck: DoctorCheck = {
  id: 'certificate-validity',
  title: 'certificates are within their validity dates',
  run({ loaded, now, expiryWarningDays }) {
    const at = now();
    const certificates: { name: string; certificate: X509Certificate }[] = [];
    for (const c of namedCredentials(loaded)) {
      certificates.push({ name: `${c.name} (${c.at})`, certificate: c.certificate });
      for (const intermediate of c.intermediates)
        certificates.push({
          name: `intermediate '${subjectOf(intermediate)}' in ${c.at}`,
          certificate: intermediate,
        });
    }
    for (const ca of profileCas(loaded).cas)
      certificates.push({
        name: `CA '${subjectOf(ca.certificate)}' (${ca.at})`,
        certificate: ca.certificate,
      });

    const failures: string[] = [];
    const warnings: string[] = [];
    let soonest: { name: string; notAfter: Date } | undefined;
    for (const { name, certificate } of certificates) {
      const notBefore = new Date(certificate.validFrom);
      const notAfter = new Date(certificate.validTo);
      if (at < notBefore)
        failures.push(`${name} is not valid before ${notBefore.toISOString()} (notBefore)`);
      else if (at > notAfter)
        failures.push(`${name} expired at ${notAfter.toISOString()} (notAfter)`);
      else {
        const days = (notAfter.getTime() - at.getTime()) / DAY_MS;
        if (days <= expiryWarningDays)
          warnings.push(
            `${name} expires in ${Math.floor(days)} day(s), at ${notAfter.toISOString()}`,
          );
        if (!soonest || notAfter < soonest.notAfter) soonest = { name, notAfter };
      }
    }
    if (failures.length > 0)
      return line(
        certificateValidityCheck,
        'FAIL',
        [...failures, ...warnings].join('; '),
        RENEW_CERTIFICATE_FIX,
      );
    if (warnings.length > 0)
      return line(
        certificateValidityCheck,
        'WARN',
        warnings.join('; '),
        'renew it before it expires and point the profile at the new files',
      );
    return line(
      certificateValidityCheck,
      'PASS',
      `${certificates.length} certificate(s) valid at ${at.toISOString()}${
        soonest ? `; first to expire: ${soonest.name} at ${soonest.notAfter.toISOString()}` : ''
      }`,
    );
  },
};

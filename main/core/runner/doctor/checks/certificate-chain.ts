/**
 * `certificate-chain`: the QSealC, the QWAC and the AISP-only QSealC each chain to a CA of the
 * profile's tls.ca, through intermediates found in the same PEM files. The test is the bank's own
 * (main/core/bank/trust/trust-store.ts): the CA's subject is the certificate's issuer (checkIssued) and
 * its key verifies the certificate's signature. A certificate that does not chain to the CA the
 * bank trusts is refused in production (403 before any other check) and fails mTLS (§5.1).
 */
import type { X509Certificate } from 'node:crypto';
import { TrustStore } from '../../../bank/index.js';
import { issuerOf, namedCredentials, profileCas, subjectOf } from '../credentials.js';
import { line, type DoctorCheck } from '../types.js';

/** Intermediates beyond this are a loop or a mistake, not a chain. */
const MAX_DEPTH = 8;

export const certificateChainCheck: DoctorCheck = {
  id: 'certificate-chain',
  title: 'certificates chain to a CA in tls.ca',
  run({ loaded }) {
    const { cas, problems } = profileCas(loaded);
    // CA certificates only: tls.ca may also hold a pinned self-signed server certificate.
    const anchors = new TrustStore(cas.map((ca) => ca.certificate).filter((c) => c.ca));
    const credentials = namedCredentials(loaded);
    if (anchors.size === 0)
      return line(
        certificateChainCheck,
        problems.length > 0 ? 'FAIL' : 'SKIP',
        problems.length > 0
          ? problems.join('; ')
          : "the profile names no CA (tls.ca): the chain is the bank's to check against its own trust list",
        problems.length > 0 ? 'give PEM CA certificates in tls.ca' : undefined,
      );
    // Intermediates a PEM carries after its end-entity certificate serve every chain.
    const pool: X509Certificate[] = [
      ...credentials.flatMap((c) => c.intermediates),
      ...cas.map((ca) => ca.certificate).filter((c) => c.ca),
    ];
    const found: string[] = [];
    const broken: string[] = [];
    for (const c of credentials) {
      let current = c.certificate;
      const path: string[] = [];
      let anchor: X509Certificate | undefined;
      for (let depth = 0; depth < MAX_DEPTH; depth++) {
        anchor = anchors.issuerOf(current);
        if (anchor) break;
        const next = pool.find(
          (candidate) =>
            candidate !== current &&
            current.checkIssued(candidate) &&
            current.verify(candidate.publicKey),
        );
        if (!next) break;
        path.push(subjectOf(next));
        current = next;
      }
      if (anchor) {
        found.push(
          `${c.name} → ${path.length > 0 ? `${path.join(' → ')} → ` : ''}${subjectOf(anchor)}`,
        );
        continue;
      }
      broken.push(
        `${c.at}: the ${c.name} does not chain to a CA in tls.ca: no CA there or in its PEM issued '${issuerOf(current)}'${
          path.length > 0 ? ` (reached through ${path.join(' → ')})` : ''
        }`,
      );
    }
    if (broken.length > 0)
      return line(
        certificateChainCheck,
        'FAIL',
        [...broken, ...problems].join('; '),
        "add the issuing CA's certificate to tls.ca (or append the intermediates to the certificate's PEM file); if the certificate is from another CA than the bank trusts, use the one issued under the bank's CA",
      );
    return line(certificateChainCheck, 'PASS', found.join('; '));
  },
};

/**
 * The certificates a profile brings, named as the user knows them: the QSealC that signs (§5.2),
 * the QWAC for mTLS (§5.1) and the AISP-only TPP's QSealC; each with the JSON path it came from, so
 * a line can say which field to change.
 */
import { X509Certificate } from 'node:crypto';
import { readCertificates } from '../../bank/index.js';
import { formatRfc2253, readCertificateFields } from '../../signature/index.js';
import type { LoadedCredential, LoadedTargetProfile } from '../target-profile/index.js';

export interface NamedCredential {
  /** 'QSealC', 'QWAC', 'AISP-only QSealC'. */
  name: string;
  /** JSON path in the profile, e.g. `/tls/clientCertificate`. */
  at: string;
  /** Whether it signs requests (§5.2): keyId and roles of a seal apply. */
  signs: boolean;
  credential: LoadedCredential;
  /** The end-entity certificate (the first in the file). */
  certificate: X509Certificate;
  /** The certificates after it in the same file (intermediates). */
  intermediates: X509Certificate[];
}

export function namedCredentials(loaded: LoadedTargetProfile): NamedCredential[] {
  const named = (name: string, signs: boolean, credential: LoadedCredential): NamedCredential => {
    const [first, ...rest] = credential.certificates.map((der) => new X509Certificate(der));
    return {
      name,
      at: credential.at,
      signs,
      credential,
      certificate: first!,
      intermediates: rest,
    };
  };
  return [
    named('QSealC', true, loaded.signing),
    ...(loaded.clientCertificate ? [named('QWAC', false, loaded.clientCertificate)] : []),
    ...(loaded.aispOnlySigning ? [named('AISP-only QSealC', true, loaded.aispOnlySigning)] : []),
  ];
}

/** The certificates of the profile's tls.ca files, with the file's JSON path. */
export function profileCas(loaded: LoadedTargetProfile): {
  cas: { certificate: X509Certificate; at: string }[];
  problems: string[];
} {
  const cas: { certificate: X509Certificate; at: string }[] = [];
  const problems: string[] = [];
  // loaded.ca keeps the order of tls.ca; a file that could not be read stopped the load already.
  loaded.ca.forEach((bytes, index) => {
    try {
      for (const certificate of readCertificates(bytes))
        cas.push({ certificate, at: `/tls/ca/${index}` });
    } catch (error) {
      problems.push(`/tls/ca/${index}: ${(error as Error).message}`);
    }
  });
  return { cas, problems };
}

/**
 * Subject and issuer in RFC 2253 form, as keyId's CA writes them (§5.2.3): node:crypto prints a
 * name one attribute per line, which is not what the user will find in any other tool.
 */
export function subjectOf(certificate: X509Certificate): string {
  return formatRfc2253(readCertificateFields(certificate.raw).subject);
}

export function issuerOf(certificate: X509Certificate): string {
  return formatRfc2253(readCertificateFields(certificate.raw).issuer);
}

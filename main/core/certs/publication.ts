/**
 * Where a CA's certificate and CRL are published by the workbench bank: `/pki/<name>.crt` (the
 * DER certificate, the AIA caIssuers target, RFC 5280 §4.2.2.1) and `/pki/<name>.crl` (the DER
 * CRL, the CRL Distribution Points target, §4.2.1.13). One source for the path shape, read by
 * `workbench certs create --revocation-url` (which writes the URLs into the certificates) and by
 * the bank (which serves them).
 *
 * The name comes from the CA's Common Name, not from a file name: `--trust-ca` is usually a
 * bundle (ca-chain.pem holds the root and the intermediate), so a file name cannot name each
 * certificate in it, while the CA's subject is the same wherever it is read.
 */
import type { X509Certificate } from 'node:crypto';

export const PKI_PATH_PREFIX = '/pki/';

/** What a name may hold: lower-case letters, digits and single hyphens. */
export const PKI_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The Common Name of a certificate subject as node:crypto prints it (`CN=…` lines). */
function commonNameOf(subject: string): string | undefined {
  const line = subject.split('\n').find((candidate) => candidate.startsWith('CN='));
  return line?.slice(3);
}

/** `PSD2 Workbench Test Issuing CA` → `psd2-workbench-test-issuing-ca`. */
export function pkiNameOf(commonName: string): string {
  return commonName
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * The publication name of a CA certificate: its Common Name made URL-safe, or `ca-` and the first
 * 16 hex digits of its SHA-256 fingerprint when it has no usable Common Name.
 */
export function caPublicationName(certificate: X509Certificate): string {
  const name = pkiNameOf(commonNameOf(certificate.subject) ?? '');
  if (name !== '') return name;
  return 'ca-' + certificate.fingerprint256.replace(/:/g, '').slice(0, 16).toLowerCase();
}

/** The AIA and CRL DP URLs of a CA published under `base` (e.g. http://127.0.0.1:8080). */
export function caPublicationUrls(
  base: string,
  certificate: X509Certificate,
): { caIssuersUrl: string; crlUrl: string } {
  const root = base.replace(/\/+$/, '') + PKI_PATH_PREFIX + caPublicationName(certificate);
  return { caIssuersUrl: `${root}.crt`, crlUrl: `${root}.crl` };
}

/**
 * The bank's publication point for its trusted CAs:
 * `GET /pki/<ca>.crt` answers the DER certificate of each CA in the trust store
 * (application/pkix-cert, the AIA caIssuers target, RFC 5280 §4.2.2.1) and `GET /pki/<ca>.crl`
 * the DER CRL of that CA the bank holds (application/pkix-crl, RFC 5280 §4.2.1.13; MIME types of
 * RFC 2585 §4), so a TPP's own toolchain can fetch what the URLs in its certificates name
 * (`workbench certs create --revocation-url`). `<ca>` is the CA's publication name
 * (certs/publication.ts); a second CA with the same name gets `-` and 8 hex digits of its SHA-256
 * fingerprint.
 *
 * Outside the PSD2 interface, in both modes: no TPP headers, no signature, not in /openapi.json,
 * not in the request log, no fault profile (like the admin API, wired through the listener's
 * `intercept`). Anything else under /pki/ is 404 naming what is published; a method other than
 * GET or HEAD is 405.
 */
import type { X509Certificate } from 'node:crypto';
import { caPublicationName, PKI_PATH_PREFIX } from '../../certs/publication.js';
import { bankError } from '../../spec/errors.js';
import type { RevocationLists } from './revocation.js';
import type { TrustStore } from './trust-store.js';
import type { BankRequest, BankResponse } from '../http/messages.js';

export const PKI_CONTENT_TYPES = {
  crt: 'application/pkix-cert',
  crl: 'application/pkix-crl',
} as const;

/** Publication name → CA certificate, in trust-store order; a repeated name is made unique. */
export function publishedCas(trustStore: TrustStore): Map<string, X509Certificate> {
  const byName = new Map<string, X509Certificate>();
  for (const ca of trustStore.certificates()) {
    let name = caPublicationName(ca);
    if (byName.has(name))
      name += '-' + ca.fingerprint256.replace(/:/g, '').slice(0, 8).toLowerCase();
    byName.set(name, ca);
  }
  return byName;
}

/** The paths the bank publishes: every CA's .crt, and .crl for the CAs it holds a CRL of. */
export function publishedPaths(trustStore: TrustStore, revocation?: RevocationLists): string[] {
  const withCrl = new Set(revocation?.current().map((known) => known.caFingerprint) ?? []);
  const paths: string[] = [];
  for (const [name, ca] of publishedCas(trustStore)) {
    paths.push(`${PKI_PATH_PREFIX}${name}.crt`);
    if (withCrl.has(ca.fingerprint256)) paths.push(`${PKI_PATH_PREFIX}${name}.crl`);
  }
  return paths;
}

function refusal(status: number, text: string, headers: Record<string, string> = {}): BankResponse {
  const error = bankError(status === 404 ? 'NOT_FOUND' : 'BAD_REQUEST', text, { status });
  return {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
    body: JSON.stringify(error.body),
    json: error.body,
  };
}

const PKI_FILE = /^\/pki\/([a-z0-9-]+)\.(crt|crl)$/;

/** The listener intercept for /pki/; `undefined` for every other path. */
export function pkiIntercept(options: {
  trustStore: TrustStore;
  revocation?: RevocationLists;
}): (request: BankRequest) => BankResponse | undefined {
  const { trustStore, revocation } = options;
  return (request) => {
    const path = request.target.split('?')[0]!;
    if (path !== '/pki' && !path.startsWith(PKI_PATH_PREFIX)) return undefined;
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return refusal(405, `${request.method} is not supported on ${path}; use GET`, {
        allow: 'GET, HEAD',
      });
    const match = PKI_FILE.exec(path);
    const ca = match ? publishedCas(trustStore).get(match[1]!) : undefined;
    let der: Buffer | undefined;
    if (ca && match![2] === 'crt') der = ca.raw;
    if (ca && match![2] === 'crl')
      der = revocation?.current().find((known) => known.caFingerprint === ca.fingerprint256)
        ?.crl.der;
    if (!der) {
      const published = publishedPaths(trustStore, revocation);
      return refusal(
        404,
        `nothing is published at ${path}; published: ${published.length > 0 ? published.join(', ') : 'nothing (no --trust-ca)'}`,
      );
    }
    const kind = match![2] as 'crt' | 'crl';
    return {
      status: 200,
      headers: { 'content-type': PKI_CONTENT_TYPES[kind], 'cache-control': 'no-cache' },
      body: '',
      // node:http sends no body to a HEAD request, and keeps the content-length of the DER.
      bytes: der,
    };
  };
}

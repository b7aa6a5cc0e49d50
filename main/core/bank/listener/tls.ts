/**
 * HTTPS for the embedded bank (§5.1: TLS 1.2 or higher). The server options the listener takes
 * (http.ts) and, for a bank started without certificate files, a server certificate issued at
 * start by a fresh workbench test CA (SAN DNS:localhost, IP:127.0.0.1). mTLS (docs/ci.md "TLS and
 * mTLS"): the handshake demands a client certificate (QWAC) chaining to one of the given CAs and
 * fails without one; the PSD2 role a route needs is checked per request (stages/certificate.ts).
 */
import type { ServerOptions } from 'node:https';
import { createTestCa, issueServerCertificate } from '../../certs/issue.js';
import { generateRsaKeyPair } from '../../certs/keys.js';

export interface BankTlsSettings {
  /** Server private key (PEM). */
  key: string | Buffer;
  /** Server certificate, optionally followed by its intermediates (PEM). */
  cert: string | Buffer;
  /**
   * mTLS: the CA certificates (PEM) a client certificate must chain to. When given, a client
   * without a certificate, or with one no listed CA vouches for, fails the TLS handshake.
   */
  clientCas?: readonly (string | Buffer)[];
}

/** The lowest protocol version the bank accepts (§5.1). */
export const BANK_TLS_MIN_VERSION = 'TLSv1.2';

export function bankTlsServerOptions(
  settings: BankTlsSettings,
): ServerOptions & { key: string | Buffer; cert: string | Buffer } {
  const mutual = settings.clientCas !== undefined;
  if (mutual && settings.clientCas!.length === 0)
    throw new Error('mTLS needs at least one CA certificate to check client certificates against');
  return {
    key: settings.key,
    cert: settings.cert,
    minVersion: BANK_TLS_MIN_VERSION,
    ...(mutual
      ? { requestCert: true, rejectUnauthorized: true, ca: [...settings.clientCas!] }
      : { requestCert: false }),
  };
}

export interface GeneratedServerTls {
  key: string;
  /** Server certificate then the issuing CA (PEM). */
  cert: string;
  /** The test CA's root certificate (PEM): what a client trusts to reach this bank. */
  caPem: string;
}

/** A fresh test CA and a server certificate for the bank's loopback names. */
export async function generateServerTls(
  names: { dnsNames?: readonly string[]; ipAddresses?: readonly string[] } = {},
): Promise<GeneratedServerTls> {
  // 2048-bit keys: the CA lives as long as the process, and the bank should start quickly.
  const ca = await createTestCa({ validityDays: 30, rootKey: await generateRsaKeyPair(2048) });
  const server = await issueServerCertificate({
    issuer: ca.issuer,
    dnsNames: names.dnsNames ?? ['localhost'],
    ipAddresses: names.ipAddresses ?? ['127.0.0.1', '::1'],
    validityDays: 30,
  });
  return {
    key: server.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
    cert: server.certificatePem + ca.intermediate.certificatePem,
    caPem: ca.root.certificatePem,
  };
}

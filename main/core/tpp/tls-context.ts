/**
 * The TLS side of the TPP client's connections (§5.1: TLS 1.2 or higher; the QWAC for mTLS; the
 * CAs the bank's server certificate must chain to): one SecureContext per identity, made once and
 * shared by every connection of every transport in the process that presents the same QWAC and
 * trusts the same CAs.
 *
 * Given the context's options instead (certificate, key, CAs), node:tls makes a new context for
 * each connection, and with `ca` set that parses the whole CA list again: the bank's CA and Node's
 * 144 roots, about 20 ms of CPU on the event loop per context on a quiet 2-core machine and 40–60
 * ms under load. A production run over mTLS opened 8–13 connections through two or three
 * transports (the mode check, the run, the headless PSU), and that parsing was most of what it
 * cost over plain HTTP (docs/performance.md "A suite run over TLS with mTLS").
 *
 * What is shared holds no per-connection state: every connection still verifies the server's
 * certificate against the context's CAs (`rejectUnauthorized`) and its host name, and presents the
 * QWAC; TLS sessions stay per origin in undici's connector.
 */
import { createHash, type KeyObject } from 'node:crypto';
import tls, {
  type ConnectionOptions,
  type SecureContext,
  type SecureContextOptions,
} from 'node:tls';

/** What of a transport's options (transport.ts) makes the TLS of its connections. */
export interface TransportTls {
  /** Client certificate and key for mTLS (QWAC), PEM. */
  clientCertificate?: { certificate: string | Buffer; key: string | Buffer | KeyObject };
  /** CA certificates to trust in addition to (or, with `trustSystemCas: false`, instead of) the
   * system's. */
  ca?: (string | Buffer)[];
  trustSystemCas?: boolean;
  /** Accept any server certificate. For a user's explicit choice only; never a default. */
  insecureSkipServerVerification?: boolean;
}

/** Contexts by the digest of what they hold. A run has one identity; a few cover a workbench. */
const contexts = new Map<string, SecureContext>();
const CONTEXTS_KEPT = 8;

/**
 * The TLS options of every connection a dispatcher opens. A context that cannot be made (an
 * unreadable key or certificate) leaves the options as they are, so the same error comes at
 * connect and is described with the request (transport.ts describeTransportError).
 */
export function connectionTls(options: TransportTls): ConnectionOptions {
  const cert = options.clientCertificate?.certificate;
  const key = options.clientCertificate && keyBytes(options.clientCertificate.key);
  const extraCas = options.ca ?? [];
  const systemCas = options.trustSystemCas !== false;
  const context: SecureContextOptions = {
    minVersion: 'TLSv1.2', // §5.1
    ...(cert !== undefined && key !== undefined ? { cert, key } : {}),
    // Node replaces its built-in roots when `ca` is given; keep them unless told otherwise.
    ...(extraCas.length > 0
      ? { ca: systemCas ? [...extraCas, ...tls.rootCertificates] : extraCas }
      : {}),
  };
  const rejectUnauthorized = !options.insecureSkipServerVerification;
  try {
    return {
      secureContext: sharedContext(context, [cert, key, ...extraCas], systemCas),
      rejectUnauthorized,
    };
  } catch {
    return { ...context, rejectUnauthorized };
  }
}

function sharedContext(
  options: SecureContextOptions,
  material: readonly (string | Buffer | undefined)[],
  systemCas: boolean,
): SecureContext {
  // The key is a digest of the QWAC, its key and the extra CAs, each with its length, so no two
  // different lists run together into one; the private key stays out of the map.
  const digest = createHash('sha256').update(`${options.minVersion}|system CAs ${systemCas}|`);
  for (const part of material) {
    if (part === undefined) digest.update('-|');
    else
      digest
        .update(`${Buffer.byteLength(part)}:`)
        .update(part)
        .update('|');
  }
  const id = digest.digest('base64');
  let context = contexts.get(id);
  if (context) {
    contexts.delete(id); // most recently used last
  } else {
    context = tls.createSecureContext(options); // through the module, as node:tls itself calls it
    if (contexts.size >= CONTEXTS_KEPT) contexts.delete(contexts.keys().next().value!);
  }
  contexts.set(id, context);
  return context;
}

/** node:tls takes PEM or DER bytes; a KeyObject stays in main and is exported only in memory. */
function keyBytes(key: string | Buffer | KeyObject): string | Buffer {
  return typeof key === 'string' || Buffer.isBuffer(key)
    ? key
    : (key.export({ type: 'pkcs8', format: 'pem' }) as string);
}

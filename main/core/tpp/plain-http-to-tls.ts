/**
 * An http:// URL that names a TLS port (the bank serves only https, §5.1): the server reads a
 * request that is not a TLS ClientHello and closes the connection, resets it, or answers with TLS
 * bytes (a record starting 0x15 or 0x16) that no HTTP parser reads. Each request would end the
 * same way with a cause that does not say what to do. When a plain-HTTP request ends like that,
 * one TLS handshake with the same host and port tells: a server that speaks TLS there gets the
 * error "use https://", naming the URL to use. Only after the bank closed a request of ours, and
 * only a handshake (no request), is sent.
 */
import { isIP } from 'node:net';
import { connect as tlsConnect } from 'node:tls';

/** The code of the TransportError that says "this port speaks TLS: use https://". */
export const PLAIN_HTTP_TO_TLS = 'PLAIN_HTTP_TO_TLS';

/** How long the TLS handshake may take before the port is taken for not speaking TLS. */
export const TLS_PROBE_TIMEOUT_MS = 3_000;

/**
 * How a plain-HTTP request to a TLS port ends, as undici and Node name it. An error's `code` is
 * not always a string (a hostile server's answer can end in an error with a numeric one).
 */
function endsLikeTlsPort(code: unknown): boolean {
  return (
    typeof code === 'string' &&
    (code === 'UND_ERR_SOCKET' || code === 'ECONNRESET' || code.startsWith('HPE_'))
  );
}

/**
 * Whether `host:port` speaks TLS: the handshake completes, or the server ends it with a TLS
 * alert (one that wants a client certificate). A plain-HTTP server answers no TLS record at all.
 */
export function speaksTls(
  host: string,
  port: number,
  timeoutMs = TLS_PROBE_TIMEOUT_MS,
): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = tlsConnect({
      host,
      port,
      // Only whether TLS is spoken here; the certificate is the real request's to judge.
      rejectUnauthorized: false,
      ...(isIP(host) === 0 ? { servername: host } : {}),
    });
    const done = (tls: boolean) => {
      clearTimeout(timer);
      socket.removeAllListeners();
      socket.on('error', () => {});
      socket.destroy();
      resolve(tls);
    };
    const timer = setTimeout(() => done(false), timeoutMs);
    socket.once('secureConnect', () => done(true));
    socket.once('error', (error: NodeJS.ErrnoException) => done(/_ALERT_/.test(error.code ?? '')));
  });
}

/**
 * When `code` and `message` (a TransportError's) ended a plain-HTTP request to a port that speaks
 * TLS: the message that says to use https://, with the URL, keeping the original cause; otherwise
 * undefined.
 */
export async function plainHttpToTls(
  failure: { code: string; message: string },
  url: string,
  probe: (host: string, port: number) => Promise<boolean> = speaksTls,
): Promise<string | undefined> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'http:' || !endsLikeTlsPort(failure.code)) return undefined;
  const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
  const port = parsed.port ? Number(parsed.port) : 80;
  if (!(await probe(host, port))) return undefined;
  const https = new URL(url);
  https.protocol = 'https:';
  // Keep the port: without one the http default (80) is meant, not https's 443.
  if (!parsed.port) https.port = '80';
  return `${parsed.origin} speaks TLS, not plain HTTP: use ${https.origin} (${PLAIN_HTTP_TO_TLS}: the plain-HTTP request ended with ${failure.message})`;
}

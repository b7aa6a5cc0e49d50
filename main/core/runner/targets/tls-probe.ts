/**
 * Handshakes with a target's TLS port for the checks of §5.1 ("All traffic uses TLS 1.2 or
 * higher"): node:tls offers exactly the versions asked, the old ones included. OpenSSL 3 refuses
 * to offer TLS 1.0 and 1.1 at its default security level, so an offer reaching below TLS 1.2 lowers
 * it (`@SECLEVEL=0`): the question is whether the bank refuses them, not whether we would.
 */
import { connect } from 'node:tls';
import { isIP } from 'node:net';
import type { TargetTls, TlsHandshake, TlsOffer } from '../check-api/index.js';

/** A handshake that has not ended by then is reported as refused (a bank that never answers). */
const HANDSHAKE_LIMIT_MS = 10_000;

const OLD_VERSIONS = new Set(['TLSv1', 'TLSv1.1']);

/** The TLS port of an https:// base URL, or undefined for any other URL (plain HTTP). */
export function tlsProbe(baseUrl: string, signal?: AbortSignal): TargetTls | undefined {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:') return undefined;
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const port = Number(url.port || 443);
  return {
    endpoint: `${url.hostname}:${port}`,
    handshake: (offer) => handshake(host, port, offer, signal),
  };
}

function handshake(
  host: string,
  port: number,
  offer: TlsOffer,
  signal: AbortSignal | undefined,
): Promise<TlsHandshake> {
  return new Promise((resolve) => {
    const socket = connect({
      host,
      port,
      ...(isIP(host) === 0 ? { servername: host } : {}),
      minVersion: offer.min,
      ...(offer.max ? { maxVersion: offer.max } : {}),
      ...(OLD_VERSIONS.has(offer.min) ? { ciphers: 'DEFAULT@SECLEVEL=0' } : {}),
      // Only the protocol is judged; the certificate is the subject of other rules.
      rejectUnauthorized: false,
    });
    const end = (result: TlsHandshake) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      socket.destroy();
      resolve(result);
    };
    const onAbort = () => end({ accepted: false, error: 'the check was stopped' });
    const timer = setTimeout(
      () => end({ accepted: false, error: `no handshake within ${HANDSHAKE_LIMIT_MS} ms` }),
      HANDSHAKE_LIMIT_MS,
    );
    signal?.addEventListener('abort', onAbort, { once: true });
    socket.once('secureConnect', () =>
      end({ accepted: true, protocol: socket.getProtocol() ?? 'unknown' }),
    );
    socket.once('error', (error: NodeJS.ErrnoException) =>
      end({ accepted: false, error: error.code ?? error.message }),
    );
    socket.once('close', () => end({ accepted: false, error: 'the connection closed' }));
  });
}

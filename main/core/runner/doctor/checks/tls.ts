/**
 * `tls`: for an https base URL, a TLS handshake as the client makes it — the profile's CAs (and
 * the system's) for the server, the QWAC as client certificate — and what came of it: the
 * negotiated protocol (§5.1: TLS 1.2 or higher, so anything lower FAILs), the server certificate
 * (subject, issuer, expiry), and, by name, the three configuration errors that otherwise show only
 * as an opaque transport failure in a run: a server certificate no given CA vouches for, a server
 * certificate for another host name, and a server refusing the client certificate. The server's
 * certificate is checked here rather than by the handshake (rejectUnauthorized off) so the line
 * can describe the certificate it refuses.
 */
import {
  connect,
  checkServerIdentity,
  rootCertificates,
  type ConnectionOptions,
  type TLSSocket,
} from 'node:tls';
import { isIP } from 'node:net';
import type { X509Certificate } from 'node:crypto';
import { toPem } from '../../../certs/index.js';
import { issuerOf, subjectOf } from '../credentials.js';
import { line, type DoctorCheck, type DoctorLine } from '../types.js';

/** §5.1: the protocols a bank may speak. */
export const ACCEPTED_TLS_PROTOCOLS = ['TLSv1.2', 'TLSv1.3'];

const UNTRUSTED = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'CERT_SIGNATURE_FAILURE',
]);

/** Alerts a server sends when it does not accept the client certificate (or gets none). */
const CLIENT_CERTIFICATE_REFUSED =
  /ALERT_CERTIFICATE_REQUIRED|ALERT_BAD_CERTIFICATE|ALERT_UNKNOWN_CA|ALERT_CERTIFICATE_UNKNOWN|ALERT_UNSUPPORTED_CERTIFICATE|ALERT_ACCESS_DENIED|ALERT_CERTIFICATE_EXPIRED|ALERT_DECRYPT_ERROR/;
const PROTOCOL_VERSION = /ALERT_PROTOCOL_VERSION|UNSUPPORTED_PROTOCOL|NO_PROTOCOLS_AVAILABLE/;

interface Handshake {
  /** Whether the handshake completed (on the client's side). */
  secured: boolean;
  error?: NodeJS.ErrnoException;
  /** Whether the server answered after the handshake (TLS 1.3 refuses a client certificate then). */
  answered: boolean;
  /**
   * The server closed the connection after the handshake without answering the request. Under
   * TLS 1.3 the client's handshake ends before the server has checked the client certificate, and
   * a server that refuses it just closes: no alert reaches the client, only this.
   */
  closedUnanswered: boolean;
  peer?: X509Certificate;
  protocol: string | null;
  authorizationError?: string;
}

function handshake(
  options: ConnectionOptions,
  request: string,
  timeoutMs: number,
): Promise<Handshake> {
  return new Promise((resolve) => {
    const result: Handshake = {
      secured: false,
      answered: false,
      closedUnanswered: false,
      protocol: null,
    };
    const socket: TLSSocket = connect(options);
    let finished = false;
    const done = (error?: NodeJS.ErrnoException) => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      socket.removeAllListeners();
      socket.on('error', () => undefined);
      socket.destroy();
      resolve({ ...result, ...(error ? { error } : {}) });
    };
    const timer = setTimeout(() => {
      if (result.secured) done();
      else
        done(
          Object.assign(new Error(`no TLS handshake within ${timeoutMs / 1000} s`), {
            code: 'TIMEOUT',
          }),
        );
    }, timeoutMs);
    socket.once('secureConnect', () => {
      result.secured = true;
      // Read the peer certificate now: it is gone once the socket is destroyed.
      const peer = socket.getPeerX509Certificate();
      if (peer) result.peer = peer;
      result.protocol = socket.getProtocol();
      const refusal = socket.authorizationError as Error | string | null | undefined;
      if (refusal)
        result.authorizationError = typeof refusal === 'string' ? refusal : refusal.message;
      socket.write(request);
    });
    socket.once('data', () => {
      result.answered = true;
      done();
    });
    socket.once('end', () => {
      result.closedUnanswered = result.secured && !result.answered;
      done();
    });
    socket.once('error', (error: NodeJS.ErrnoException) => done(error));
  });
}

export const tlsCheck: DoctorCheck = {
  id: 'tls',
  title: 'TLS version and server certificate (§5.1)',
  async run({ loaded, timeoutMs }): Promise<DoctorLine> {
    const url = new URL(loaded.profile.baseUrl);
    if (url.protocol !== 'https:')
      return line(
        tlsCheck,
        'SKIP',
        `${url.origin} is plain http: no TLS to check (a real bank is https only, §5.1)`,
      );
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const port = Number(url.port || 443);
    const qwac = loaded.clientCertificate;
    const result = await handshake(
      {
        host,
        port,
        ...(isIP(host) ? {} : { servername: host }),
        minVersion: 'TLSv1.2',
        rejectUnauthorized: false,
        ca: [...loaded.ca, ...rootCertificates],
        ...(qwac
          ? {
              cert: qwac.certificates.map((der) => toPem(der)).join(''),
              key: qwac.key.export({ type: 'pkcs8', format: 'pem' }),
            }
          : {}),
      },
      `HEAD ${url.pathname.replace(/\/?$/, '/')} HTTP/1.1\r\nHost: ${url.host}\r\nConnection: close\r\n\r\n`,
      timeoutMs,
    );
    const { error, peer, protocol } = result;
    const code = error?.code ?? '';
    const server = peer
      ? `server certificate '${subjectOf(peer)}' issued by '${issuerOf(peer)}', valid until ${new Date(peer.validTo).toISOString()}`
      : undefined;
    const clientFix = qwac
      ? 'the bank does not accept the QWAC at /tls/clientCertificate: check that it is the certificate registered with the bank and issued under a CA the bank trusts (see certificate-chain)'
      : 'the bank requires a client certificate (mTLS): give the QWAC and its key at tls.clientCertificate';

    if (error && !result.secured) {
      if (PROTOCOL_VERSION.test(code) || PROTOCOL_VERSION.test(error.message))
        return line(
          tlsCheck,
          'FAIL',
          `${url.host} offers no TLS 1.2 or higher (${code || error.message}); §5.1 requires TLS 1.2 or higher`,
          'the bank must enable TLS 1.2 or 1.3; report it to the bank',
        );
      if (CLIENT_CERTIFICATE_REFUSED.test(code))
        return line(
          tlsCheck,
          'FAIL',
          `the server refused the client certificate in the handshake (${code})`,
          clientFix,
        );
      if (/WRONG_VERSION_NUMBER|PACKET_LENGTH_TOO_LONG|HTTP_REQUEST/.test(code))
        return line(
          tlsCheck,
          'FAIL',
          `${url.host} does not speak TLS (${code}): is it a plain http server?`,
          'use the https port of the bank in baseUrl, or http:// if the bank serves plain HTTP (test banks only)',
        );
      return line(
        tlsCheck,
        'FAIL',
        `no TLS connection to ${url.host}: ${code ? `${code}: ` : ''}${error.message}${code === 'ECONNRESET' ? ' (a server that refuses the client certificate may close the connection like this)' : ''}`,
        code === 'ECONNRESET'
          ? clientFix
          : 'check the host and port of baseUrl, and that nothing between blocks it (see reachable)',
      );
    }
    const problems: string[] = [];
    const fixes: string[] = [];
    if (protocol && !ACCEPTED_TLS_PROTOCOLS.includes(protocol)) {
      problems.push(`negotiated ${protocol}; §5.1 requires TLS 1.2 or higher`);
      fixes.push('the bank must enable TLS 1.2 or 1.3');
    }
    const authError = result.authorizationError;
    if (authError && peer) {
      if (UNTRUSTED.has(authError)) {
        problems.push(
          `untrusted server certificate (${authError}): no CA in tls.ca or the system's issued '${issuerOf(peer)}'`,
        );
        fixes.push(
          `add the CA that issued the bank's server certificate ('${issuerOf(peer)}') to tls.ca`,
        );
      } else if (authError === 'CERT_HAS_EXPIRED') {
        problems.push(`the server certificate expired at ${new Date(peer.validTo).toISOString()}`);
        fixes.push('the bank must renew its server certificate; report it to the bank');
      } else {
        problems.push(`the server certificate is not accepted: ${authError}`);
        fixes.push("check tls.ca against the bank's server certificate chain");
      }
    }
    if (peer) {
      const identity = checkServerIdentity(host, peer.toLegacyObject());
      if (identity) {
        problems.push(`hostname mismatch: ${identity.message}`);
        fixes.push(
          `use a host name the server certificate is for in baseUrl (${peer.subjectAltName ?? 'no subjectAltName'})`,
        );
      }
    }
    if (error && CLIENT_CERTIFICATE_REFUSED.test(code)) {
      problems.push(`the server refused the client certificate after the handshake (${code})`);
      fixes.push(clientFix);
    } else if (result.closedUnanswered || (error && code === 'ECONNRESET')) {
      problems.push(
        `the server refused the client certificate: it closed the connection after the handshake without answering${qwac ? '' : ' (no client certificate was sent)'}`,
      );
      fixes.push(clientFix);
    }
    const seen = `${protocol ?? 'unknown protocol'}, ${server ?? 'no server certificate'}${qwac ? `; QWAC presented${result.answered ? ', the server answered' : ''}` : ''}`;
    if (problems.length > 0)
      return line(tlsCheck, 'FAIL', `${problems.join('; ')} (${seen})`, fixes.join('; '));
    return line(tlsCheck, 'PASS', seen);
  },
};

/**
 * `reachable`: the base URL answers a signed request sent exactly as a run sends it — the
 * TppClient with the profile's QSealC (§5.2) and transport (QWAC, CAs, timeout; §5.1). The
 * request is GET /v1/accounts with a Consent-ID nobody issued (probes.ts): present in every mode,
 * refused before anything is read. Any HTTP answer proves the bank reachable; no answer FAILs
 * naming why (connection refused, unknown host, timeout, TLS), with what to change.
 */
import { REACHABILITY_PATH } from '../probes.js';
import type { Exchange } from '../../../../shared/exchange.js';
import { firstMessageCode, statusText } from '../../targets/target-mode.js';
import { line, type DoctorCheck } from '../types.js';

/** What to change for each transport failure (main/core/tpp/transport.ts names the codes). */
const FIXES: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'nothing listens there: start the bank, or correct the host and port of baseUrl',
  ENOTFOUND: 'correct the host name in baseUrl (or the DNS of this machine)',
  EAI_AGAIN: 'the DNS server did not answer: check the network, or use an IP address in baseUrl',
  TIMEOUT:
    'check that a firewall or proxy lets this machine reach the bank, or raise requestTimeoutSeconds',
  UND_ERR_CONNECT_TIMEOUT:
    'check that a firewall lets this machine reach the host and port of baseUrl',
  ECONNRESET:
    'the bank closed the connection: over https it may refuse the QWAC (see tls and certificate-chain)',
};
const TLS_FIX = 'see the tls line: the server certificate or TLS settings stop the connection';

export const reachableCheck: DoctorCheck = {
  id: 'reachable',
  title: 'the base URL answers a signed request',
  async run({ probes, loaded }) {
    const { exchange, sentAt, receivedAt } = await probes.reachability();
    const probe = `GET ${loaded.profile.baseUrl.replace(/\/+$/, '')}${REACHABILITY_PATH}`;
    if (!exchange.response) {
      const error = exchange.error ?? 'no answer';
      const code =
        /\(([A-Z][A-Z0-9_]+):/.exec(error)?.[1] ?? (/timed out/.test(error) ? 'TIMEOUT' : '');
      return line(
        reachableCheck,
        'FAIL',
        `${probe} got no answer: ${error}`,
        FIXES[code] ??
          (/CERT|SSL|TLS|SELF_SIGNED|ALTNAME/.test(code)
            ? TLS_FIX
            : 'check baseUrl and that this machine can reach the bank'),
      );
    }
    const took = `${receivedAt.getTime() - sentAt.getTime()} ms`;
    if (exchange.response.status === 404)
      return line(
        reachableCheck,
        'WARN',
        `${probe} answered 404 in ${took}: the bank is there, but /v1/accounts is not below baseUrl`,
        'baseUrl is the API root: request paths start with /v1 below it (e.g. https://api.bank.example/psd2, not …/psd2/v1)',
      );
    return line(
      reachableCheck,
      'PASS',
      `${probe} answered ${statusText(exchange)} in ${took}: ${whatTheAnswerSays(exchange)}`,
    );
  },
};

/**
 * What the probe's answer shows beyond reachability, from its status and first tppMessages code:
 * the probe names a Consent-ID nobody issued, so only a 4xx with a CONSENT_ code is the refusal
 * it was built to get; anything else is said as it is.
 */
export function whatTheAnswerSays(exchange: Exchange): string {
  const status = exchange.response?.status ?? 0;
  const code = firstMessageCode(exchange);
  if (status >= 400 && status < 500)
    return code?.startsWith('CONSENT_')
      ? 'the bank is there and refused the unknown Consent-ID the probe sent, as expected'
      : `the bank is there; it refused the probe ${code ? `with ${code}` : 'without a tppMessages code'}, not for its unknown Consent-ID`;
  if (status >= 500)
    return `the bank is there, but answered the probe with a server error (${status})`;
  return `the bank is there, but it answered ${status} to a Consent-ID nobody issued, where a bank refuses it`;
}

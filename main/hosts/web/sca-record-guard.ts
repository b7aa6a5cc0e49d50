/**
 * Who the recording relay (sca-record-proxy.ts) answers. The relay moves the bank's pages onto an
 * origin of its own, `http://<random>.localhost:<port>`: a host name no other service shares, so
 * the page's cookies are host-only there and never reach 127.0.0.1 or another loopback service (a
 * port is no cookie boundary: RFC 6265 §8.5). A request for another Host — a page that rebinds its
 * own name to 127.0.0.1, another service's name — is refused, so the relay never lends the bank's
 * own Host to it; the recorder's reports need the recording's secret path and its own Origin.
 */
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** Where the page's recorder posts its reports, on the relay's origin, before the token. */
export const RECORDER_ENDPOINT = '/__psd2-workbench/recorder';

export interface RelayIdentity {
  /** `<random>.localhost:<port>`: the only Host the relay answers. */
  authority: string;
  /** `http://` + authority: the only Origin a report may come from. */
  origin: string;
  /** RECORDER_ENDPOINT + `/<token>`: where this recording's reports go. */
  reportPath: string;
  /** The bank's authority, named in the refusal. */
  bankHost: string;
}

export interface RelayRefusal {
  status: 403 | 405 | 421;
  text: string;
}

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Why the relay refuses `req`; undefined when it forwards it to the bank or takes it as a report
 * (then `req.url` is the report path).
 */
export function relayRefusal(req: IncomingMessage, relay: RelayIdentity): RelayRefusal | undefined {
  const host = req.headers.host;
  if (host?.toLowerCase() !== relay.authority)
    return {
      status: 421,
      text: `The recording relay answers only requests addressed to ${relay.authority}, not ${host === undefined ? 'a request without Host' : `Host '${host.slice(0, 100)}'`}: it sends the bank (${relay.bankHost}) the bank's own Host, never another.`,
    };
  const path = (req.url ?? '').split('?')[0]!;
  if (path !== RECORDER_ENDPOINT && !path.startsWith(`${RECORDER_ENDPOINT}/`)) return undefined;
  if (!sameSecret(path, relay.reportPath))
    return { status: 403, text: "A recorder report needs this recording's token in its path." };
  const origin = req.headers.origin;
  if (origin !== relay.origin)
    return {
      status: 403,
      text: `A recorder report comes only from the recording's own pages (Origin ${relay.origin}), not ${origin === undefined ? 'a request without Origin' : `Origin '${origin.slice(0, 100)}'`}.`,
    };
  if (req.method !== 'POST') return { status: 405, text: 'A recorder report is a POST.' };
  return undefined;
}

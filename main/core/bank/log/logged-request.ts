/**
 * The request as the request log keeps it (assembly/pipeline.ts `exchangeRecorder`): the headers
 * as sent, the body as text when it is.
 *
 * The log holds its last exchanges (a ring of DEFAULT_LOG_CAPACITY), so each entry outlives the
 * young generation and is copied into the old one, where only a full collection, which marks the
 * whole state, frees it again. What an entry holds is therefore paid per request at every size of
 * the bank. A TPP sends the same TPP-Signature-Certificate (§5.2(4), about 1.5 KB of base64, half
 * of an entry) on every request, each time as a new string: an entry keeps the value an earlier
 * entry already kept, and the request's own copy dies young.
 */
import type { BankRequest } from '../http/messages.js';
import { BODY_TEXT_MAX, type LoggedRequest } from './request-log.js';

const utf8 = new TextDecoder('utf-8', { fatal: true });

const CERTIFICATE = 'tpp-signature-certificate';

/** `(request) => its log entry's request`, keeping one copy of a certificate sent again. */
export function requestLogger(): (request: BankRequest) => LoggedRequest {
  /** The certificate value the log last kept (a TPP's requests carry the same one). */
  let certificate: string | undefined;
  return (request) => {
    const headers = request.headersUnshared ? request.headers : copyOfHeaders(request.headers);
    const sent = headers[CERTIFICATE];
    if (sent !== undefined) {
      // A compare of equal strings is a memory compare; unequal ones mostly differ in length.
      if (sent === certificate) headers[CERTIFICATE] = certificate;
      else certificate = sent;
    }
    const logged = { method: request.method, target: request.target, headers } as LoggedRequest;
    if (request.remoteAddress) logged.remoteAddress = request.remoteAddress;
    logged.bodySize = request.body.length;
    const bodyText = loggedBody(request.body);
    if (bodyText !== undefined) logged.bodyText = bodyText;
    return logged;
  };
}

function loggedBody(body: Buffer): string | undefined {
  if (body.length > BODY_TEXT_MAX) return undefined;
  try {
    return utf8.decode(body);
  } catch {
    return undefined;
  }
}

/**
 * The log's own copy of a caller's request headers, as a plain object (a caller of `handle` may
 * change its object afterwards). A caller's headers may have no prototype (as headersFromRaw's
 * had), and a spread of such an object takes V8's slow path: a loop is about four times faster.
 */
function copyOfHeaders(headers: Readonly<Record<string, string>>): Record<string, string> {
  const copy: Record<string, string> = {};
  for (const name in headers) {
    // A header named __proto__ stays a header (an own property), as a spread would keep it.
    if (name === '__proto__')
      Object.defineProperty(copy, name, {
        value: headers[name],
        enumerable: true,
        writable: true,
        configurable: true,
      });
    else copy[name] = headers[name]!;
  }
  return copy;
}

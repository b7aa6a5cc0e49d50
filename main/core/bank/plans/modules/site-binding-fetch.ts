/**
 * Fetching an app-site binding file from the origin of a TPP's redirect URI (§5.3(6)), as a
 * platform does: one GET, no redirect followed, over https; plain http only to a loopback host
 * (a test's own server). Bounded: a few seconds and a body of at most 128 KiB (Apple's limit for
 * its file), so a slow or endless site cannot hold the plan. A failure says where it failed.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { isLoopbackAddress } from '../../../../shared/loopback.js';
import type { FileAnswer } from './site-binding-files.js';

export const FETCH_TIMEOUT_MS = 4_000;
export const MAX_FILE_BYTES = 128 * 1024;

/** Where a fetch failed before an HTTP answer was read whole. */
export type FetchFailure = 'DNS' | 'TLS' | 'connection' | 'timeout' | 'size';

export type FetchOutcome = { answer: FileAnswer } | { failed: FetchFailure; text: string };

/** The origin a redirect URI's bindings are fetched from, or why it cannot have any. */
export function bindingOrigin(redirectUri: string): { origin: URL } | { refused: string } {
  let url: URL;
  try {
    url = new URL(redirectUri);
  } catch {
    return { refused: `TPP-Redirect-URI '${redirectUri}' is not an absolute URL` };
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackAddress(host)))
    return { origin: new URL(url.origin) };
  return {
    refused: `TPP-Redirect-URI '${redirectUri}' is not an https URL: app links bind https sites only`,
  };
}

function failureOf(error: NodeJS.ErrnoException): FetchFailure {
  const code = error.code ?? '';
  if (error.syscall === 'getaddrinfo' || code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'DNS';
  if (/CERT|SSL|TLS|EPROTO|SELF_SIGNED|UNABLE_TO_VERIFY|UNABLE_TO_GET_ISSUER/.test(code))
    return 'TLS';
  return 'connection';
}

const headerOf = (response: IncomingMessage, name: string) => {
  const value = response.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
};

/** GET `path` at `origin`, bounded; never throws. */
export function fetchBindingFile(
  origin: URL,
  path: string,
  timeoutMs = FETCH_TIMEOUT_MS,
): Promise<FetchOutcome> {
  const url = new URL(path, origin);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    let settled = false;
    const settle = (outcome: FetchOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      request.destroy();
      resolve(outcome);
    };
    // A connection of its own (no pool): nothing lingers after the verdict, and its lookup is seen.
    const request = send(url, {
      method: 'GET',
      headers: { accept: 'application/json' },
      agent: false,
    });
    // An address needs no lookup; a name whose lookup never ended is a DNS failure, not the site's.
    let resolved = isIP(url.hostname.replace(/^\[|\]$/g, '')) !== 0;
    request.on('socket', (socket) => socket.once('lookup', () => (resolved = true)));
    const deadline = setTimeout(
      () =>
        settle(
          resolved
            ? { failed: 'timeout', text: `${url.href}: no whole answer in ${timeoutMs} ms` }
            : {
                failed: 'DNS',
                text: `${url.href}: DNS failed: no answer for ${url.hostname} in ${timeoutMs} ms`,
              },
        ),
      timeoutMs,
    );
    request.on('error', (error: NodeJS.ErrnoException) => {
      const failed = failureOf(error);
      settle({ failed, text: `${url.href}: ${failed} failed: ${error.code ?? error.message}` });
    });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_FILE_BYTES)
          settle({ failed: 'size', text: `${url.href} is larger than ${MAX_FILE_BYTES} bytes` });
        else chunks.push(chunk);
      });
      response.on('error', (error: NodeJS.ErrnoException) =>
        settle({ failed: 'connection', text: `${url.href}: ${error.code ?? error.message}` }),
      );
      response.on('end', () => {
        const contentType = headerOf(response, 'content-type');
        const location = headerOf(response, 'location');
        settle({
          answer: {
            status: response.statusCode ?? 0,
            ...(contentType !== undefined ? { contentType } : {}),
            ...(location !== undefined ? { location } : {}),
            body: Buffer.concat(chunks).toString('utf8'),
          },
        });
      });
    });
    request.end();
  });
}

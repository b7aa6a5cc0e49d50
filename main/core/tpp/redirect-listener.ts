/**
 * The loopback redirect listener (like native OAuth apps, RFC 8252 §7.3): a TPP-Redirect-URI on
 * 127.0.0.1 that receives the bank's redirect after SCA — §6.1 on success (psu-id,
 * psu-corporate-id, tpp-session-id, context) or §6.2 on failure (system, status, code, message) —
 * and hands the parameters to whoever waits for that TPP session. It also says what in the
 * redirect breaks the spec, which is itself conformance evidence.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { readScaRedirect, type ScaRedirectParams } from './sca-redirect.js';

export { readScaRedirect, type ScaRedirectParams };

export interface RedirectListener {
  /** The TPP-Redirect-URI to send, e.g. http://127.0.0.1:53123/callback */
  redirectUri: string;
  /**
   * A TPP-Redirect-URI of its own for one waiter, e.g. …/callback/<key>: when several SCAs are
   * open at once (a run's checks), the path says whose redirect arrived, whatever the bank puts
   * (or leaves out) in its parameters.
   */
  redirectUriFor(key: string): string;
  /** Waits for the next redirect (for this TPP session when given). */
  waitFor(tppSessionId?: string, timeoutMs?: number): Promise<ScaRedirectParams>;
  /** Waits for the redirect to `redirectUriFor(key)`; rejects on timeout or when `signal` fires. */
  waitForKey(key: string, timeoutMs: number, signal?: AbortSignal): Promise<ScaRedirectParams>;
  onRedirect(listener: (redirect: ScaRedirectParams, key: string | undefined) => void): () => void;
  close(): Promise<void>;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/**
 * The page the PSU's browser lands on: the outcome, every parameter the bank put in the redirect
 * (§6.1 on success, §6.2 on failure) and what in it breaks the spec. The window stays open on it.
 */
function page(redirect: ScaRedirectParams): string {
  const success = redirect.outcome === 'success';
  const title = success ? 'Authorisation complete' : 'Authorisation failed';
  const text = success
    ? 'The bank confirmed the authorisation and redirected here with these parameters (§6.1).'
    : 'The bank reported that the authorisation did not complete, with these parameters (§6.2).';
  const rows = Object.entries(redirect.query)
    .map(
      ([name, value]) =>
        `<tr><th style="text-align:left;padding:4px 12px 4px 0">${escapeHtml(name)}</th>` +
        `<td data-testid="redirect-param-${escapeHtml(name)}" style="font-family:monospace;word-break:break-all">${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  const problems = redirect.problems.length
    ? `<h2>Not as the spec says</h2><ul data-testid="redirect-problems">${redirect.problems
        .map((problem) => `<li>${escapeHtml(problem)}</li>`)
        .join('')}</ul>`
    : '';
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>` +
    `<body style="font-family:system-ui;margin:2rem"><h1 data-testid="redirect-title">${title}</h1>` +
    `<p>${text}</p>` +
    (rows
      ? `<table data-testid="redirect-params" style="border-collapse:collapse">${rows}</table>`
      : '<p data-testid="redirect-params">The redirect carried no parameters.</p>') +
    problems +
    '<p>You can close this window and return to the PSD2 Workbench.</p></body></html>'
  );
}

export async function startRedirectListener(
  options: { port?: number; path?: string } = {},
): Promise<RedirectListener> {
  const path = options.path ?? '/callback';
  const listeners = new Set<(redirect: ScaRedirectParams, key: string | undefined) => void>();
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const key = url.pathname.startsWith(`${path}/`)
      ? decodeURIComponent(url.pathname.slice(path.length + 1))
      : undefined;
    if (req.method !== 'GET' || (url.pathname !== path && !key)) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    const redirect = readScaRedirect(url.searchParams);
    res
      .writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
        'cache-control': 'no-store',
      })
      .end(page(redirect));
    for (const listener of listeners) {
      try {
        listener(redirect, key);
      } catch {
        // one broken subscriber must not hide the redirect from the others
      }
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;

  const onRedirect = (listener: (redirect: ScaRedirectParams, key: string | undefined) => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };

  const redirectUri = `http://127.0.0.1:${port}${path}`;
  return {
    redirectUri,
    redirectUriFor: (key) => `${redirectUri}/${encodeURIComponent(key)}`,
    onRedirect,
    waitForKey(key, timeoutMs, signal) {
      return new Promise((resolve, reject) => {
        const done = () => {
          clearTimeout(timer);
          off();
          signal?.removeEventListener('abort', aborted);
        };
        const aborted = () => {
          done();
          reject(signal?.reason ?? new Error('aborted'));
        };
        const timer = setTimeout(() => {
          done();
          reject(
            new Error(
              `no SCA redirect reached ${redirectUri}/${key} within ${Math.round(timeoutMs / 1000)} s`,
            ),
          );
        }, timeoutMs);
        const off = onRedirect((redirect, arrived) => {
          if (arrived !== key) return;
          done();
          resolve(redirect);
        });
        if (signal?.aborted) aborted();
        else signal?.addEventListener('abort', aborted, { once: true });
      });
    },
    waitFor(tppSessionId, timeoutMs = 120_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          off();
          reject(new Error(`no SCA redirect arrived within ${Math.round(timeoutMs / 1000)} s`));
        }, timeoutMs);
        const off = onRedirect((redirect) => {
          const session =
            redirect.outcome === 'success' ? redirect.tppSessionId : redirect.tppSessionId;
          if (tppSessionId !== undefined && session !== undefined && session !== tppSessionId)
            return;
          clearTimeout(timer);
          off();
          resolve(redirect);
        });
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

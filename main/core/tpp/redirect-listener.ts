/**
 * The loopback redirect listener (like native OAuth apps, RFC 8252 §7.3): a TPP-Redirect-URI on
 * 127.0.0.1 that receives the bank's redirect after SCA — §6.1 on success (psu-id,
 * psu-corporate-id, tpp-session-id, context) or §6.2 on failure (system, status, code, message) —
 * and hands the parameters to whoever waits for that TPP session. It also says what in the
 * redirect breaks the spec, which is itself conformance evidence.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

export type ScaRedirect =
  | {
      outcome: 'success';
      psuId: string;
      psuCorporateId?: string;
      tppSessionId: string;
      context: string;
      query: Record<string, string>;
      receivedAt: string;
      /** Where the redirect departs from §6.1. Empty when it conforms. */
      problems: string[];
    }
  | {
      outcome: 'failure';
      system?: string;
      status?: number;
      code?: string;
      message?: string;
      tppSessionId?: string;
      query: Record<string, string>;
      receivedAt: string;
      problems: string[];
    };

/** Reads the §6.1/§6.2 parameters of a redirect URL's query. */
export function readScaRedirect(query: URLSearchParams, receivedAt = new Date()): ScaRedirect {
  const raw = Object.fromEntries(query);
  const problems: string[] = [];
  if (raw['psu-id'] !== undefined) {
    if (!UUID.test(raw['psu-id']))
      problems.push(`psu-id '${raw['psu-id']}' is not an RFC 4122 UUID (§6.1)`);
    const corporate = raw['psu-corporate-id'];
    if (corporate !== undefined && !UUID.test(corporate)) {
      problems.push(`psu-corporate-id '${corporate}' is not an RFC 4122 UUID (§6.1)`);
    }
    const context = raw['context'];
    if (context !== 'PRIVATE' && context !== 'CORPORATE') {
      problems.push(`context must be PRIVATE or CORPORATE (§6.1), got '${context ?? '(missing)'}'`);
    }
    if (context === 'CORPORATE' && corporate === undefined) {
      problems.push('context is CORPORATE but psu-corporate-id is missing (§6.1)');
    }
    if (context === 'PRIVATE' && corporate !== undefined) {
      problems.push('context is PRIVATE but psu-corporate-id is present (§6.1)');
    }
    if (raw['tpp-session-id'] === undefined) problems.push('tpp-session-id is missing (§6.1)');
    return {
      outcome: 'success',
      psuId: raw['psu-id'],
      ...(corporate !== undefined ? { psuCorporateId: corporate } : {}),
      tppSessionId: raw['tpp-session-id'] ?? '',
      context: context ?? '',
      query: raw,
      receivedAt: receivedAt.toISOString(),
      problems,
    };
  }
  const status = raw['status'] !== undefined ? Number(raw['status']) : undefined;
  if (raw['code'] === undefined) problems.push('a failed-SCA redirect carries code (§6.2)');
  if (raw['status'] === undefined) problems.push('a failed-SCA redirect carries status (§6.2)');
  else if (!Number.isInteger(status))
    problems.push(`status '${raw['status']}' is not a number (§6.2)`);
  if (raw['message'] === undefined) problems.push('a failed-SCA redirect carries message (§6.2)');
  return {
    outcome: 'failure',
    ...(raw['system'] !== undefined ? { system: raw['system'] } : {}),
    ...(status !== undefined && Number.isInteger(status) ? { status } : {}),
    ...(raw['code'] !== undefined ? { code: raw['code'] } : {}),
    ...(raw['message'] !== undefined ? { message: raw['message'] } : {}),
    ...(raw['tpp-session-id'] !== undefined ? { tppSessionId: raw['tpp-session-id'] } : {}),
    query: raw,
    receivedAt: receivedAt.toISOString(),
    problems,
  };
}

export interface RedirectListener {
  /** The TPP-Redirect-URI to send, e.g. http://127.0.0.1:53123/callback */
  redirectUri: string;
  /** Waits for the next redirect (for this TPP session when given). */
  waitFor(tppSessionId?: string, timeoutMs?: number): Promise<ScaRedirect>;
  onRedirect(listener: (redirect: ScaRedirect) => void): () => void;
  close(): Promise<void>;
}

const PAGE = (title: string, text: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>` +
  `<body style="font-family:system-ui;margin:3rem"><h1 data-testid="redirect-title">${title}</h1>` +
  `<p>${text}</p><p>You can close this window and return to the PSD2 Workbench.</p></body></html>`;

export async function startRedirectListener(
  options: { port?: number; path?: string } = {},
): Promise<RedirectListener> {
  const path = options.path ?? '/callback';
  const listeners = new Set<(redirect: ScaRedirect) => void>();
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method !== 'GET' || url.pathname !== path) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    const redirect = readScaRedirect(url.searchParams);
    const success = redirect.outcome === 'success';
    res
      .writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
        'cache-control': 'no-store',
      })
      .end(
        success
          ? PAGE('Authorisation complete', 'The bank confirmed the authorisation.')
          : PAGE(
              'Authorisation failed',
              'The bank reported that the authorisation did not complete.',
            ),
      );
    for (const listener of listeners) {
      try {
        listener(redirect);
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

  const onRedirect = (listener: (redirect: ScaRedirect) => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };

  return {
    redirectUri: `http://127.0.0.1:${port}${path}`,
    onRedirect,
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

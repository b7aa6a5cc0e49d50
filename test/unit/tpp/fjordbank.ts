/**
 * A hypothetical bank's SCA pages on loopback ("Fjordbank", docs/examples/psu-steps.example.json):
 * nothing like the embedded bank's — paths instead of data-step, nameless buttons, a one-time
 * code in a span, a profile <select>, accounts named by IBAN — so PSU steps for it prove the
 * step language reaches beyond the built-in script.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { randomUUID } from 'node:crypto';

export const FJORD_PASSWORD = 'sandbox-password';
export const FJORD_CODE = '482913';
export const FJORD_ACCOUNTS = [
  { id: 'a1', iban: 'NO9386011117947', name: 'Brukskonto' },
  { id: 'a2', iban: 'NO0586011117955', name: 'Sparekonto' },
];
export const FJORD_PROFILES = [
  { value: 'p', label: 'Private' },
  { value: 'c1', label: 'Fjord Fisk AS' },
];

export interface FjordSubmission {
  path: string;
  fields: [string, string][];
}

export interface Fjordbank {
  /** The link a TPP would send the PSU to. */
  start(tppSessionId: string): string;
  redirectUri: string;
  submissions: FjordSubmission[];
  close(): Promise<void>;
}

const page = (title: string, body: string, error?: string) =>
  `<!doctype html><html><head><title>${title}</title></head><body><h1>${title}</h1>${
    error ? `<p role="alert">${error}</p>` : ''
  }${body}</body></html>`;

const readBody = async (request: IncomingMessage) => {
  let text = '';
  for await (const chunk of request) text += String(chunk);
  return [...new URLSearchParams(text)];
};

export async function startFjordbank(): Promise<Fjordbank> {
  const redirectUri = 'http://tpp.invalid/callback';
  const sessions = new Map<string, string>();
  const submissions: FjordSubmission[] = [];
  const server: Server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      const s = url.searchParams.get('s') ?? url.pathname.split('/')[2] ?? '';
      const tppSessionId = sessions.get(s);
      const html = (status: number, text: string) =>
        response.writeHead(status, { 'content-type': 'text/html' }).end(text);
      const to = (location: string) => response.writeHead(303, { location }).end();
      const back = (query: Record<string, string>) =>
        to(`${redirectUri}?${new URLSearchParams({ ...query, 'tpp-session-id': tppSessionId! })}`);
      if (tppSessionId === undefined)
        return html(404, page('Unknown session', '<p>Start again from your TPP.</p>'));
      const fields = request.method === 'POST' ? await readBody(request) : [];
      if (request.method === 'POST') submissions.push({ path: url.pathname, fields });
      const field = (name: string) => fields.find(([n]) => n === name)?.[1];
      const loginPage = (error?: string) =>
        html(
          200,
          page(
            'Log in to Fjordbank',
            `<form id="login-form" method="post" action="/auth/login?s=${s}">
              <input type="hidden" name="_token" value="tok-${s}">
              <label for="u">Username</label><input id="u" name="username">
              <label for="p">Password</label><input id="p" type="password" name="password">
              <button type="submit">Continue</button>
              <button type="submit" name="abort" value="1">Abort</button>
            </form>`,
            error,
          ),
        );
      if (url.pathname === '/auth/login' && request.method === 'GET') return loginPage();
      if (url.pathname === '/auth/login') {
        if (field('abort') === '1')
          return back({ system: 'SCA', status: '401', code: 'SCA_INVALID', message: 'aborted' });
        if (field('_token') !== `tok-${s}`) return html(403, page('Forbidden', ''));
        if (!/^\d{11}$/.test(field('username') ?? '') || field('password') !== FJORD_PASSWORD)
          return loginPage('Wrong username or password');
        return to(`/auth/otp?s=${s}`);
      }
      if (url.pathname === '/auth/otp' && request.method === 'GET')
        return html(
          200,
          page(
            'Enter your code',
            `<p>Your code: <span data-otp>${FJORD_CODE}</span></p>
            <form method="post" action="/auth/otp?s=${s}"><input name="otp"><button>Verify</button></form>`,
          ),
        );
      if (url.pathname === '/auth/otp')
        return field('otp') === FJORD_CODE
          ? to(`/consent/${s}`)
          : html(200, page('Enter your code', '', 'Wrong code'));
      if (url.pathname === `/consent/${s}` && request.method === 'GET')
        return html(
          200,
          page(
            'Share your accounts',
            `<form data-testid="consent" method="post" action="/consent/${s}">
              <label for="profile">Act as</label><select id="profile" name="profile">${FJORD_PROFILES.map(
                (p) => `<option value="${p.value}">${p.label}</option>`,
              ).join('')}</select>
              ${FJORD_ACCOUNTS.map(
                (a) =>
                  `<input type="checkbox" id="${a.id}" name="accounts" value="${a.id}" data-iban="${a.iban}"><label for="${a.id}">${a.name}</label>`,
              ).join('')}
              <button type="submit" name="decision" value="accept">Accept</button>
              <button type="submit" name="decision" value="reject">Reject</button>
            </form>`,
          ),
        );
      if (url.pathname === `/consent/${s}`) {
        if (field('decision') !== 'accept')
          return back({ system: 'SCA', status: '401', code: 'SCA_INVALID', message: 'rejected' });
        const corporate = field('profile') !== 'p';
        return back({
          'psu-id': randomUUID(),
          context: corporate ? 'CORPORATE' : 'PRIVATE',
          ...(corporate ? { 'psu-corporate-id': randomUUID() } : {}),
        });
      }
      return html(404, page('Not found', ''));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  return {
    start(tppSessionId) {
      const s = randomUUID();
      sessions.set(s, tppSessionId);
      return `http://127.0.0.1:${address.port}/auth/login?s=${s}`;
    },
    redirectUri,
    submissions,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

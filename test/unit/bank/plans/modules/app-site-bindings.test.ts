import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { judgeSiteBindings } from '../../../../../main/core/bank/plans/modules/app-site-bindings.js';
import { REFERENCE_SITE_FILES } from '../../../../support/reference-tpp/app-linking.js';

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0))
    await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** A loopback site; `answer` may hold a request open to play a slow site. */
async function site(
  answer: (path: string, respond: (status: number, body: string, type?: string) => void) => void,
): Promise<string> {
  const server = createServer((request, response) => {
    answer(request.url ?? '', (status, body, type = 'application/json') => {
      response.writeHead(status, { 'content-type': type });
      response.end(body);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const reference = (path: string, respond: (status: number, body: string) => void) => {
  const file = REFERENCE_SITE_FILES[path];
  if (file) respond(file.status, file.body ?? '');
  else respond(404, '');
};

describe('judgeSiteBindings', () => {
  it('passes an origin whose files bind the redirect path', async () => {
    const origin = await site(reference);
    const judged = await judgeSiteBindings([`${origin}/psd2/callback`]);
    expect(judged.status, judged.text).toBe('PASS');
    expect(judged.text).toMatch(/applinks binds \/psd2\/callback; .*1 app\(s\) handle all URLs/);
  });

  it('fails when no valid binding covers a redirect path, naming it', async () => {
    const origin = await site((path, respond) =>
      path.endsWith('apple-app-site-association') ? reference(path, respond) : respond(404, ''),
    );
    const judged = await judgeSiteBindings([`${origin}/psd2/callback`, `${origin}/elsewhere`]);
    expect(judged.status).toBe('FAIL');
    expect(judged.text).toMatch(/no binding at .* covers the redirect path \/elsewhere/);
  });

  it('refuses a redirect URI that is not https (http only on loopback) or not a URL', async () => {
    const plain = await judgeSiteBindings(['http://tpp.example/callback']);
    expect(plain).toMatchObject({ status: 'FAIL', rule: 'TPP-APP-SITE-BINDINGS' });
    expect(plain.text).toMatch(/is not an https URL/);
    expect((await judgeSiteBindings(['callback'])).text).toMatch(/not an absolute URL/);
    expect((await judgeSiteBindings(['tppapp://callback'])).text).toMatch(/not an https URL/);
  });

  it('is INCONCLUSIVE when the origin cannot be reached, naming the connection', async () => {
    const origin = await site(reference);
    await new Promise<void>((resolve) => servers.pop()!.close(() => resolve()));
    const judged = await judgeSiteBindings([`${origin}/psd2/callback`]);
    expect(judged.status).toBe('INCONCLUSIVE');
    expect(judged.text).toMatch(/could not reach .*connection failed: ECONNREFUSED/);
  });

  it('gives up on a site that does not answer within the bound, naming the timeout', async () => {
    const origin = await site(() => undefined);
    const judged = await judgeSiteBindings([`${origin}/psd2/callback`], 200);
    expect(judged.status).toBe('INCONCLUSIVE');
    expect(judged.text).toMatch(/no whole answer in 200 ms/);
  });

  it('fails a file larger than the bound', async () => {
    const origin = await site((_path, respond) => respond(200, ' '.repeat(200 * 1024)));
    const judged = await judgeSiteBindings([`${origin}/psd2/callback`]);
    expect(judged.status).toBe('FAIL');
    expect(judged.text).toMatch(/is larger than 131072 bytes/);
  });

  it('names a DNS failure', async () => {
    const judged = await judgeSiteBindings(['https://no-such-host.invalid/callback'], 3_000);
    expect(judged.status).toBe('INCONCLUSIVE');
    expect(judged.text).toMatch(/DNS failed/);
  });

  it('names a TLS failure, the site’s own fault', async () => {
    // A plain HTTP server on loopback answers a TLS handshake with garbage.
    const origin = await site(reference);
    const judged = await judgeSiteBindings([`${origin.replace('http:', 'https:')}/psd2/callback`]);
    expect(judged.status).toBe('FAIL');
    expect(judged.text).toMatch(/TLS failed/);
  });
});

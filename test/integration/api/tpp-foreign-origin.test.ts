/**
 * A target's headers and credentials go only to its origin (main/api/services/tpp/target-client.ts,
 * SECURITY.md): a composed request or a followed link with an absolute URL of another origin is
 * refused, saying so; confirmed with `allowForeignOrigin`, it goes unsigned and without the
 * target's default headers and PSU session headers.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BankStatusView, ExchangeView } from '../../../main/api/contract';
import { ok, services, tppReady, useServices } from './services-harness';

useServices();

const API_KEY = 'api-key-of-the-target-0042';
let foreign: Server | undefined;
/** The headers of each request the foreign origin received. */
const received: IncomingHttpHeaders[] = [];

afterEach(async () => {
  await new Promise((done) => (foreign ? foreign.close(done) : done(undefined)));
  foreign = undefined;
  received.length = 0;
});

let bank: Server | undefined;

afterEach(async () => {
  await new Promise((done) => (bank ? bank.close(done) : done(undefined)));
  bank = undefined;
});

/** A loopback server answering `body`; `seen` gets the headers of each request. */
async function serve(body: string, seen?: IncomingHttpHeaders[]): Promise<[Server, string]> {
  const server = createServer((request, response) => {
    seen?.push(request.headers);
    response.setHeader('content-type', 'application/json');
    response.end(body);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return [server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`];
}

/** Another origin on loopback: it records what reaches it. */
async function startForeign(): Promise<string> {
  const [server, url] = await serve('{}', received);
  foreign = server;
  return url;
}

/** The embedded sandbox with a signing certificate, a client certificate and an API key. */
async function target(): Promise<string> {
  const { qsealc, qwac } = await tppReady();
  await ok('targets.save', {
    target: {
      id: 'embedded-sandbox',
      name: 'ignored',
      mode: 'sandbox',
      signingCertificate: qsealc.handle,
      transportCertificate: qwac.handle,
      defaultHeaders: { 'X-Api-Key': API_KEY },
    },
  });
  return (await ok<BankStatusView>('bank.start', { mode: 'sandbox' })).url!;
}

const lower = (headers: Record<string, string>) => Object.keys(headers).map((n) => n.toLowerCase());

describe("a target's credentials and another origin", () => {
  it('refuses a request to another origin, saying so, and sends nothing there', async () => {
    const bankUrl = await target();
    const elsewhere = await startForeign();
    const outcome = await services.dispatch('tpp.send', {
      targetId: 'embedded-sandbox',
      request: { method: 'GET', path: `${elsewhere}/v1/accounts` },
    });
    expect(outcome).toMatchObject({ ok: false });
    const message = (outcome as { error: { message: string } }).error.message;
    expect(message).toContain(`The request goes to ${elsewhere}, not to`);
    expect(message).toContain(`origin ${new URL(bankUrl).origin}`);
    expect(message).toContain('allowForeignOrigin');
    // The preview is refused the same way: nothing would be shown with the target's headers.
    expect(
      await services.dispatch('tpp.preview', {
        targetId: 'embedded-sandbox',
        request: { method: 'GET', path: `${elsewhere}/v1/accounts` },
      }),
    ).toMatchObject({ ok: false, error: { message } });
    expect(received).toEqual([]);

    // The target's own origin, by an absolute URL too, gets them.
    const own = await ok<ExchangeView>('tpp.send', {
      targetId: 'embedded-sandbox',
      request: { method: 'GET', path: `${bankUrl}/v1/accounts` },
    });
    expect(own.request.headers['X-Api-Key']).toBe(API_KEY);
    expect(own.signing).toBeDefined();
  });

  it('confirmed, sends it unsigned without the default and session headers', async () => {
    await target();
    const elsewhere = await startForeign();
    const exchange = await ok<ExchangeView>('tpp.send', {
      targetId: 'embedded-sandbox',
      request: { method: 'GET', path: `${elsewhere}/v1/accounts`, headers: { 'X-Mine': 'typed' } },
      allowForeignOrigin: true,
    });
    expect(exchange.response?.status).toBe(200);
    expect(exchange.signing).toBeUndefined();
    expect(received).toHaveLength(1);
    const names = Object.keys(received[0]!);
    for (const name of [
      'x-api-key',
      'tpp-session-id',
      'tpp-redirect-uri',
      'psu-ip-address',
      'signature',
      'tpp-signature-certificate',
    ]) {
      expect(names).not.toContain(name);
      expect(lower(exchange.request.headers)).not.toContain(name);
    }
    // What the user typed into the request itself goes.
    expect(received[0]!['x-mine']).toBe('typed');
    expect(JSON.stringify(received[0])).not.toContain(API_KEY);

    // Asked to sign it, it says why it cannot.
    expect(
      await services.dispatch('tpp.send', {
        targetId: 'embedded-sandbox',
        request: { method: 'GET', path: `${elsewhere}/v1/accounts`, sign: true },
        allowForeignOrigin: true,
      }),
    ).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('so it is sent unsigned') },
    });
    expect(received).toHaveLength(1);
  });

  it("refuses to follow a link to another origin, whatever the bank's answer says", async () => {
    const elsewhere = await startForeign();
    const [server, bankUrl] = await serve(
      JSON.stringify({ _links: { next: { href: `${elsewhere}/v1/accounts?page=2` } } }),
    );
    bank = server;
    const saved = await ok<{ targets: { id: string; kind: string }[] }>('targets.save', {
      target: {
        name: 'Bank with an API key',
        mode: 'sandbox',
        baseUrl: bankUrl,
        defaultHeaders: { 'X-Api-Key': API_KEY },
      },
    });
    const targetId = saved.targets.find((t) => t.kind === 'external')!.id;
    const first = await ok<ExchangeView>('tpp.send', {
      targetId,
      request: { method: 'GET', path: '/v1/accounts', sign: false },
    });
    expect(first.request.headers['X-Api-Key']).toBe(API_KEY);
    expect(
      await services.dispatch('tpp.follow', { exchangeId: first.id, relation: 'next' }),
    ).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining(`The request goes to ${elsewhere}, not to`) },
    });
    expect(received).toEqual([]);
  });
});

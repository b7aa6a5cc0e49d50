import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import WebSocket from 'ws';
import { createServices } from '../../../main/api/services';
import { startWebHost, type WebHost } from '../../../main/hosts/web/server';

let web: WebHost;
let port: string;

beforeAll(async () => {
  const rendererDir = mkdtempSync(join(tmpdir(), 'renderer-'));
  mkdirSync(join(rendererDir, 'assets'));
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>wb</title>');
  writeFileSync(join(rendererDir, 'assets', 'a.js'), 'export {}');
  web = await startWebHost({ services: createServices({ kind: 'web' }), rendererDir });
  port = new URL(web.origin).port;
});
afterAll(() => web.close());

function open(options: { token?: string; origin?: string; host?: string; path?: string }) {
  const url = `ws://127.0.0.1:${port}${options.path ?? '/api'}?token=${options.token ?? web.token}`;
  return new WebSocket(url, {
    origin: options.origin ?? web.origin,
    headers: options.host ? { host: options.host } : {},
  });
}

function outcome(ws: WebSocket): Promise<'open' | number> {
  return new Promise((resolve) => {
    ws.once('open', () => resolve('open'));
    ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.once('error', () => resolve(-1));
  });
}

describe('web host', () => {
  it('serves the renderer with a strict CSP, and nothing outside its folder', async () => {
    const index = await request(`${web.origin}/`);
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-security-policy']).toMatch(/default-src 'none'/);
    expect(index.headers['content-security-policy']).not.toMatch(/unsafe-eval/);
    await index.body.text();
    const traversal = await request(`${web.origin}/assets/..%2f..%2f..%2fetc%2fpasswd`);
    expect(traversal.statusCode).toBe(404);
    await traversal.body.text();
  });

  it('refuses HTTP requests for a foreign Host (DNS rebinding)', async () => {
    const res = await request(`${web.origin}/`, { headers: { host: `evil.example:${port}` } });
    expect(res.statusCode).toBe(403);
    await res.body.text();
  });

  it.each([
    ['without the token', { token: 'wrong' }],
    ['from another origin', { origin: 'http://evil.example' }],
    ['with a foreign Host', { host: 'evil.example' }],
    ['on another path', { path: '/other' }],
  ])('refuses a socket %s', async (_label, options) => {
    expect(await outcome(open(options))).toBe(403);
  });

  it('answers calls, pushes events, and survives malformed frames', async () => {
    const ws = open({});
    expect(await outcome(ws)).toBe('open');
    const frames: unknown[] = [];
    ws.on('message', (data) => frames.push(JSON.parse(data.toString())));
    ws.send('not json');
    ws.send(JSON.stringify({ type: 'call', name: 'app.info' }));
    ws.send(
      JSON.stringify({ type: 'call', id: 7, name: 'diagnostics.ping', args: { message: 'x' } }),
    );
    await expect.poll(() => frames.length).toBeGreaterThanOrEqual(4);
    expect(frames).toEqual([
      { type: 'protocol-error', message: 'A frame must be JSON.' },
      { type: 'protocol-error', message: 'A call frame needs an integer id.' },
      {
        type: 'result',
        id: 7,
        outcome: { ok: true, result: expect.objectContaining({ message: 'x' }) },
      },
      {
        type: 'events',
        events: [{ name: 'diagnostics.pong', payload: expect.objectContaining({ message: 'x' }) }],
      },
    ]);
    ws.close();
  });

  it('answers a call frame of several MB (an imported run result), keeping the socket open', async () => {
    const ws = open({});
    expect(await outcome(ws)).toBe('open');
    const answer = new Promise<{ id: number; outcome: { ok: boolean } }>((resolve) =>
      ws.on('message', (data) => {
        const frame = JSON.parse(data.toString());
        if (frame.type === 'result') resolve(frame);
      }),
    );
    const json = JSON.stringify({
      format: 'not a run result',
      padding: 'x'.repeat(3 * 1024 * 1024),
    });
    ws.send(JSON.stringify({ type: 'call', id: 9, name: 'runner.import', args: { json } }));
    expect(await answer).toMatchObject({ id: 9, outcome: { ok: false } });
    expect(ws.readyState).toBe(ws.OPEN);
    ws.close();
  });
});

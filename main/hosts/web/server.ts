/**
 * The web host: the same main-process services in plain Node, the built renderer on loopback, and
 * the contract over one WebSocket guarded by a per-launch token. A page from another origin, a
 * request with a foreign Host (DNS rebinding), or a socket without the token gets nothing.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Services } from '../../api/services/index.js';
import { subscribeBatched } from '../../api/events.js';
import { contentSecurityPolicy, readRendererAsset } from '../renderer-assets.js';
import type { ServerFrame } from '../../api/contract/index.js';
import { parseClientFrame } from './frames.js';

export interface WebHostOptions {
  services: Services;
  rendererDir: string;
  host?: string;
  port?: number;
  /** Fixed token for tests; by default a fresh random one per launch. */
  token?: string;
}

export interface WebHost {
  /** Base URL without the token, e.g. http://127.0.0.1:5173 */
  origin: string;
  /** The URL to open: the token travels in the fragment, which the browser never sends. */
  launchUrl: string;
  token: string;
  close(): Promise<void>;
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1']);
/**
 * Largest call frame: a run result or snapshot imported from a file can be tens of MB (the contract
 * allows `runner.import` 50 MB); the socket is loopback-only and token-guarded.
 */
const MAX_FRAME_BYTES = 64 * 1024 * 1024;

export function isLoopbackHost(host: string): boolean {
  return LOOPBACK_HOSTS.has(host);
}

export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const host = options.host ?? '127.0.0.1';
  if (!isLoopbackHost(host)) {
    throw new Error(
      `The web host only binds to loopback (127.0.0.1, ::1, localhost), not ${host}.`,
    );
  }
  const token = options.token ?? randomBytes(24).toString('base64url');
  const server = createServer();
  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolveListen());
  });
  const port = (server.address() as AddressInfo).port;
  const urlHost = host === '::1' ? '[::1]' : host;
  const origin = `http://${urlHost}:${port}`;
  const allowedHosts = new Set([`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]);
  const allowedOrigins = new Set([...allowedHosts].map((h) => `http://${h}`));
  // CSP source lists cannot name IPv6 literals; 'self' covers a same-origin socket there.
  const csp = contentSecurityPolicy([`ws://127.0.0.1:${port}`, `ws://localhost:${port}`]);

  server.on('request', (req, res) => {
    if (!allowedHosts.has(req.headers.host ?? '')) {
      res.writeHead(403, { 'content-type': 'text/plain; charset=utf-8' }).end('Forbidden host');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    void readRendererAsset(options.rendererDir, req.url ?? '/').then((asset) => {
      res.writeHead(asset.status, {
        'content-type': asset.contentType,
        'content-security-policy': csp,
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'no-referrer',
        'cache-control': 'no-store',
      });
      res.end(req.method === 'HEAD' ? undefined : asset.body);
    });
  });

  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const refusal = refuseUpgrade(req, token, allowedHosts, allowedOrigins);
    if (refusal) {
      socket.end(`HTTP/1.1 403 Forbidden\r\nContent-Type: text/plain\r\n\r\n${refusal}`);
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => serveBridge(ws, options.services));
  });

  return {
    origin,
    launchUrl: `${origin}/#token=${token}`,
    token,
    close: () => closeServer(server, wss),
  };
}

/** Why an upgrade is refused, or undefined when it may proceed. */
export function refuseUpgrade(
  req: Pick<IncomingMessage, 'url' | 'headers'>,
  token: string,
  allowedHosts: Set<string>,
  allowedOrigins: Set<string>,
): string | undefined {
  const url = new URL(req.url ?? '/', 'http://placeholder');
  if (url.pathname !== '/api') return 'unknown path';
  if (!allowedHosts.has(req.headers.host ?? '')) return 'foreign host';
  if (!allowedOrigins.has(req.headers.origin ?? '')) return 'foreign origin';
  const offered = Buffer.from(url.searchParams.get('token') ?? '');
  const expected = Buffer.from(token);
  if (offered.length !== expected.length || !timingSafeEqual(offered, expected)) return 'bad token';
  return undefined;
}

function serveBridge(ws: WebSocket, services: Services): void {
  const unsubscribe = subscribeBatched(services.events, (events) =>
    send(ws, { type: 'events', events }),
  );
  ws.on('close', unsubscribe);
  ws.on('error', () => ws.terminate());
  ws.on('message', (data, isBinary) => {
    const frame = parseClientFrame(isBinary ? null : data.toString());
    if (!frame.ok) {
      send(ws, { type: 'protocol-error', message: frame.message });
      return;
    }
    void services.dispatch(frame.value.name, frame.value.args).then((outcome) => {
      send(ws, { type: 'result', id: frame.value.id, outcome });
    });
  });
}

function send(ws: WebSocket, frame: ServerFrame): void {
  if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(frame));
}

async function closeServer(server: Server, wss: WebSocketServer): Promise<void> {
  for (const client of wss.clients) client.terminate();
  wss.close();
  server.closeAllConnections();
  await new Promise<void>((done) => server.close(() => done()));
}

/**
 * Serving the built renderer, shared by the web host (HTTP) and the Electron host (the `app://`
 * protocol), so both send the same Content-Security-Policy from one definition.
 */
import { readFile } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';

/**
 * Strict CSP: nothing inline but styles (Monaco sets inline styles), no eval, workers only from
 * the app itself (Monaco's JSON worker), no frames, no plugins, no form posts. `connectSources`
 * adds the web host's own WebSocket origin.
 */
export function contentSecurityPolicy(connectSources: string[] = []): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "worker-src 'self' blob:",
    ["connect-src 'self'", ...connectSources].join(' '),
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    "object-src 'none'",
  ].join('; ');
}

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ttf': 'font/ttf',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
};

export interface RendererAsset {
  status: 200 | 404;
  contentType: string;
  body: Buffer;
}

/**
 * Reads `urlPath` from the renderer's build folder. Paths that would leave the folder, and files
 * that do not exist, are a plain 404; `/` is index.html.
 */
export async function readRendererAsset(
  rendererDir: string,
  urlPath: string,
): Promise<RendererAsset> {
  const notFound: RendererAsset = {
    status: 404,
    contentType: 'text/plain; charset=utf-8',
    body: Buffer.from('Not found'),
  };
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath.split('?')[0]!.split('#')[0]!);
  } catch {
    return notFound;
  }
  if (decoded.includes('\0')) return notFound;
  const root = resolve(rendererDir);
  const file = resolve(root, '.' + (decoded === '/' ? '/index.html' : decoded));
  if (file !== root && !file.startsWith(root + sep)) return notFound;
  try {
    const body = await readFile(file);
    return {
      status: 200,
      contentType: contentTypes[extname(file)] ?? 'application/octet-stream',
      body,
    };
  } catch {
    return notFound;
  }
}

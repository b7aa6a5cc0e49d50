/**
 * The reference client's app linking (§5.3(6)): its redirect URI lives on a site of its own, a
 * loopback server that publishes the app-site bindings Apple's and Android's app links read, and
 * its app starts a consent with that redirect URI. `noSiteBindings` publishes neither file;
 * `files` replaces what the site serves (a malformed file, a redirect) for a test.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ReferenceFaults, ReferenceTppOptions } from '../reference-tpp.js';
import { consentWithSca, referenceApp } from './kit.js';

/** The path of the redirect URI on the reference site. */
export const REFERENCE_REDIRECT_PATH = '/psd2/callback';

export interface SiteFile {
  status: number;
  headers?: Record<string, string>;
  body?: string;
}

const json = (value: unknown): SiteFile => ({
  status: 200,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(value),
});

/** What a TPP with an iOS and an Android app publishes for its redirect path. */
export const REFERENCE_SITE_FILES: Record<string, SiteFile> = {
  '/.well-known/apple-app-site-association': json({
    applinks: {
      details: [
        {
          appIDs: ['ABCDE12345.example.reference.tpp'],
          components: [{ '/': '/psd2/*', comment: 'the bank’s app returns here after SCA' }],
        },
      ],
    },
  }),
  '/.well-known/assetlinks.json': json([
    {
      relation: ['delegate_permission/common.handle_all_urls'],
      target: {
        namespace: 'android_app',
        package_name: 'example.reference.tpp',
        sha256_cert_fingerprints: [Array.from({ length: 32 }, () => 'AB').join(':')],
      },
    },
  ]),
};

export interface ReferenceSite {
  /** The redirect URI on this site, for the app's TPP-Redirect-URI. */
  redirectUri: string;
  /** The paths the site was asked for, in order. */
  requested: string[];
  close(): Promise<void>;
}

/** The TPP's site on 127.0.0.1 (plain http: the module allows it only on loopback). */
export async function startReferenceSite(
  options: { faults?: ReferenceFaults; files?: Record<string, SiteFile> } = {},
): Promise<ReferenceSite> {
  const files = options.faults?.noSiteBindings
    ? {}
    : { ...REFERENCE_SITE_FILES, ...(options.files ?? {}) };
  const requested: string[] = [];
  const server: Server = createServer((request, response) => {
    requested.push(request.url ?? '');
    const file = files[request.url ?? ''] ?? { status: 404, body: 'not found' };
    response.writeHead(file.status, file.headers ?? { 'content-type': 'text/plain' });
    response.end(file.body ?? '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    redirectUri: `http://127.0.0.1:${port}${REFERENCE_REDIRECT_PATH}`,
    requested,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A consent and its SCA, sent with the site's redirect URI; resolves with the calls made. */
export async function runReferenceAppLinking(
  options: ReferenceTppOptions & { redirectUri: string },
): Promise<number> {
  const app = referenceApp(options);
  try {
    await consentWithSca(app, {
      nationalIdentityNumber: options.nationalIdentityNumber,
      context: 'PRIVATE',
      accounts: 'all',
    });
    return app.calls();
  } finally {
    await app.close();
  }
}

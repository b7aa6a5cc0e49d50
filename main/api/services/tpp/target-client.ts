/**
 * A TppClient for one target: its base URL, default headers and PSU session, signing with the
 * target's QSealC and presenting its QWAC from the keystore (the keys never leave main), and the
 * request timeouts of the settings.
 */
import { TppClient } from '../../../core/tpp/client.js';
import type { PsuSession } from '../../../core/tpp/psu-session.js';
import type { TransportOptions } from '../../../core/tpp/transport.js';
import { toPem } from '../../../core/certs/pem.js';
import {
  transportOfProfile,
  type LoadedTargetProfile,
} from '../../../core/runner/target-profile/index.js';
import { CallRefused } from '../../dispatch.js';
import type { CertsService } from '../certs/certs-service.js';
import type { SettingsService } from '../settings/settings-service.js';
import type { TargetsService } from '../targets/targets-service.js';
import type { PsuSessions } from './psu-sessions.js';

export interface TargetClientDeps {
  certs: CertsService;
  targets: TargetsService;
  settings: SettingsService;
  sessions: PsuSessions;
}

export interface TppClientForTarget {
  client: TppClient;
  /** The target's PSU session when the client was made. */
  session: PsuSession;
  defaults: Record<string, string>;
}

/** A request's URL: a path below the target's base URL, or an absolute URL (see TppClient). */
export interface Addressed {
  path: string;
  sign?: boolean;
}

/**
 * The client for a request of `targetId`. The target's headers and credentials — its default
 * headers (an API key), the PSU session's headers (TPP-Session-ID, TPP-Redirect-URI, PSU-ID), its
 * client certificate and its signature — go only to the target's own origin (SECURITY.md). A
 * request with an absolute URL to another origin (a link, an imported collection with a literal
 * host) is refused, saying so, unless the caller confirmed it with `allowForeignOrigin`; then it
 * goes with none of them: unsigned, without the target's headers and without a client
 * certificate.
 */
export async function clientFor(
  deps: TargetClientDeps,
  targetId: string,
  request: Addressed,
  allowForeignOrigin = false,
): Promise<TppClientForTarget> {
  const target = await deps.targets.resolve(targetId);
  const own = new URL(target.baseUrl).origin;
  const goesTo = /^https?:\/\//i.test(request.path) ? new URL(request.path).origin : own;
  if (goesTo === own) return targetClient(deps, targetId, request.sign);
  const credentials =
    "the target's default headers, its PSU session's headers, its client certificate and its signature go only to its origin";
  if (!allowForeignOrigin)
    throw new CallRefused(
      `The request goes to ${goesTo}, not to ${target.name}'s origin ${own}: ${credentials}. Confirm sending it to ${goesTo} without them (allowForeignOrigin), or use a path below the target's base URL.`,
    );
  if (request.sign === true)
    throw new CallRefused(
      `The request goes to ${goesTo}, not to ${target.name}'s origin ${own}, so it is sent unsigned: ${credentials}. Turn signing off to send it.`,
    );
  return foreignOriginClient(deps, targetId, own);
}

/** A client with no credential of the target: no signing, no headers, no client certificate. */
async function foreignOriginClient(
  deps: TargetClientDeps,
  targetId: string,
  baseUrl: string,
): Promise<TppClientForTarget> {
  const settings = await deps.settings.settings();
  const session = await deps.sessions.session(targetId);
  const client = new TppClient({
    baseUrl,
    transport: {
      timeouts: {
        connectMs: settings.requestTimeoutMs,
        headersMs: settings.requestTimeoutMs,
        bodyMs: settings.requestTimeoutMs,
      },
    },
  });
  return { client, session, defaults: {} };
}

/** `sign: true` refuses a target without a signing certificate instead of sending unsigned. */
export async function targetClient(
  deps: TargetClientDeps,
  targetId: string,
  sign?: boolean,
): Promise<TppClientForTarget> {
  const target = await deps.targets.resolve(targetId);
  if (target.loaded) return profileClient(deps, targetId, target.loaded);
  if (sign === true && !target.signingCertificate) {
    throw new CallRefused(
      `${target.name} has no signing certificate: choose a QSealC for it (Certificates → ` +
        '"Use for a target", or Settings → Targets), or send the request unsigned.',
    );
  }
  const settings = await deps.settings.settings();
  const session = await deps.sessions.session(targetId);
  const certs = deps.certs;
  let signing: ConstructorParameters<typeof TppClient>[0]['signing'];
  if (target.signingCertificate) {
    const handle = target.signingCertificate;
    const material = certs.signingMaterial(handle);
    // The key stays in the keystore: the signer gets a function, never the key.
    signing = {
      key: (data: Buffer) => certs.unlocked().signWith(handle, data),
      certificate: material.certificate,
    };
  }
  const transport: TransportOptions = {
    timeouts: {
      connectMs: settings.requestTimeoutMs,
      headersMs: settings.requestTimeoutMs,
      bodyMs: settings.requestTimeoutMs,
    },
    ...(target.extraCaPem ? { ca: [target.extraCaPem] } : {}),
  };
  if (target.transportCertificate) {
    const material = certs.signingMaterial(target.transportCertificate);
    transport.clientCertificate = {
      certificate: material.chain.map((der) => toPem(der)).join(''),
      key: material.privateKey,
    };
  }
  const client = new TppClient({
    baseUrl: target.baseUrl,
    ...(signing ? { signing } : {}),
    transport,
    session: () => deps.sessions.current(targetId),
    defaultHeaders: target.defaultHeaders,
  });
  return { client, session, defaults: target.defaultHeaders };
}

/**
 * A client for a target profile (the one list of targets): its QSealC signs, its QWAC and CAs go
 * to the transport, its bank's response-signing certificates are checked (§5.2.7), exactly as a
 * run against it does; the settings' timeouts apply where the profile names none.
 */
async function profileClient(
  deps: TargetClientDeps,
  targetId: string,
  loaded: LoadedTargetProfile,
): Promise<TppClientForTarget> {
  const settings = await deps.settings.settings();
  const session = await deps.sessions.session(targetId);
  const transport = transportOfProfile(loaded);
  const client = new TppClient({
    baseUrl: loaded.profile.baseUrl,
    signing: { key: loaded.signing.key, certificate: loaded.signing.certificates[0]! },
    transport: {
      timeouts: {
        connectMs: settings.requestTimeoutMs,
        headersMs: settings.requestTimeoutMs,
        bodyMs: settings.requestTimeoutMs,
      },
      ...transport,
    },
    session: () => deps.sessions.current(targetId),
    defaultHeaders: {},
    ...(loaded.bankSigning ? { bankSigning: loaded.bankSigning } : {}),
  });
  return { client, session, defaults: {} };
}

/**
 * What `workbench bank` (bank-command.ts) says about the bank it starts: the warnings about what
 * the bank exposes, and once it listens, the --json line on stdout and the lines that say where it
 * is (docs/ci.md).
 */
import { join } from 'node:path';
import {
  publishedPaths,
  type PlanRun,
  type RevocationLists,
  type TppRegistry,
  type TrustStore,
} from '../../core/bank/index.js';
import { TPP_REPORT_FILES } from '../../core/runner/index.js';
import { isLoopbackAddress } from '../../shared/loopback.js';
import { ADMIN_TOKEN_VARIABLE, type BankCommandFlags } from './bank-flags.js';
import type { BankTlsSetup } from './bank-tls.js';
import type { CliIo } from './io.js';

/** Warnings on stderr: a production bank that trusts no one, a bank reachable from the network. */
export function warnAboutBankExposure(
  flags: BankCommandFlags,
  trustStore: TrustStore,
  registry: TppRegistry,
  io: CliIo,
): void {
  if (flags.mode === 'production') {
    if (trustStore.size === 0)
      io.err(
        'workbench bank: warning: no --trust-ca given; production mode refuses every signed request (403).',
      );
    if (registry.list().length === 0)
      io.err(
        'workbench bank: warning: no --registry given; production mode refuses every AIS and PIS request (403).',
      );
  }
  if (!isLoopbackAddress(flags.host))
    io.err(
      `workbench bank: warning: --host ${flags.host} is not loopback; the bank is reachable from the network${flags.allowHost.length > 0 ? ' and --allow-host does not apply (every Host is answered)' : ''}.`,
    );
}

/** The one JSON line --json prints on stdout once the bank listens. */
export function bankListeningJson(
  flags: BankCommandFlags,
  listener: { url: string },
  tlsSetup: BankTlsSetup | undefined,
  plan: PlanRun | undefined,
  revocation: RevocationLists | undefined,
  trustStore: TrustStore,
): string {
  return JSON.stringify({
    url: listener.url,
    health: `${listener.url}/health`,
    openapi: `${listener.url}/openapi.json`,
    mode: flags.mode,
    pid: process.pid,
    tls: flags.tls.tls ? { mtls: flags.tls.mtls, caFile: tlsSetup?.caFile ?? null } : null,
    admin:
      flags.adminToken !== undefined
        ? { url: `${listener.url}/admin`, token: flags.adminToken }
        : null,
    // Only with the flags, so readers of the fields above see the line they know.
    ...(flags.report
      ? {
          report: Object.fromEntries(
            flags.report.formats.map((format) => [
              format,
              join(flags.report!.dir, TPP_REPORT_FILES[format]),
            ]),
          ),
        }
      : {}),
    ...(plan ? { plan: { name: plan.plan.name, url: `${listener.url}/admin/plan` } } : {}),
    ...(revocation
      ? { pki: publishedPaths(trustStore, revocation).map((path) => listener.url + path) }
      : {}),
    ...(flags.signResponses
      ? {
          signsResponses: {
            certFile: flags.signResponses.cert ?? flags.signResponses.certOut ?? null,
          },
        }
      : {}),
  });
}

/** Where the bank listens, its CA certificates and CRLs, and its admin API. */
export function announceBankListening(
  flags: BankCommandFlags,
  listener: { url: string },
  say: (line: string) => void,
  io: CliIo,
  trustStore: TrustStore,
  revocation: RevocationLists | undefined,
): void {
  const security = flags.tls.mtls ? ' (HTTPS, client certificate required)' : '';
  say(
    `PSD2 Workbench bank (${flags.mode} mode) listening at ${listener.url}${flags.tls.tls && !flags.tls.mtls ? ' (HTTPS)' : security}`,
  );
  say(`API reference: ${listener.url}/openapi.json — press Ctrl+C to stop.`);
  if (revocation)
    say(
      `CA certificates and CRLs: ${publishedPaths(trustStore, revocation)
        .map((path) => listener.url + path)
        .join(' ')}`,
    );
  // On stderr with or without --json: stdout carries the bank's URL lines (or the JSON line).
  if (flags.adminToken !== undefined)
    io.err(
      `Admin API at ${listener.url}/admin/ — send Authorization: Bearer ${
        flags.adminTokenFrom === 'file'
          ? `<the token in ${flags.adminTokenFile}>`
          : flags.adminTokenFrom === 'environment'
            ? `<the token in ${ADMIN_TOKEN_VARIABLE}>`
            : flags.adminToken
      }`,
    );
}

/**
 * A bank named by a target profile as the run's target: the external target (external-target.ts)
 * with what the profile says — signing and AISP-only TPPs, mTLS and CAs, test PSUs, permissions,
 * the admin API — and the PSU automation it chooses (§5.3 SCA redirect):
 * - `headless`: the PSU steps (the built-in `workbench-bank` script or the profile's) over HTTP,
 *   trusting and presenting the same certificates as the TPP client;
 * - `browser`: the same steps in Chromium, a screenshot of every page in the evidence;
 * - `manual`: a person completes SCA; the check waits (manual-psu.ts);
 * - `none`: checks that need SCA are SKIPPED.
 */
import type { SigningIdentity } from '../../tpp/client.js';
import { toPem } from '../../certs/index.js';
import { TppClient } from '../../tpp/client.js';
import { PsuStepsError, type PsuSteps } from '../../tpp/psu-agent/steps.js';
import { launchPsuBrowser } from '../../tpp/psu-browser/browser-agent.js';
import { createTransport, transportDispatcher, type Transport } from '../../tpp/transport.js';
import { verifyTargetMode } from './target-mode.js';
import type { Check, TargetAllows, TargetInfo, TargetPsus } from '../check-api/index.js';
import type { CheckEnvironment } from '../engine/check-context.js';
import { externalTarget, type ExternalTargetOptions } from './external-target.js';
import { startManualSca, type ManualSca, type ScaWaiting } from './manual-psu.js';
import {
  suitePsuAgentFactory,
  type SuitePsuAgentFactory,
  type SuitePsuAgentOptions,
} from './psu-adapter.js';
import {
  TargetProfileError,
  transportOfProfile,
  type LoadedCredential,
  type LoadedTargetProfile,
  type ScaAutomation,
  type TargetProfile,
} from '../target-profile/index.js';
import type { CheckId } from '../../../shared/rule-ids.js';

/** Manual SCA: how long a person gets per SCA when the profile does not say. */
export const DEFAULT_MANUAL_SCA_TIMEOUT_S = 300;

export interface ProfileTargetOptions {
  /** A check waits for a person to complete SCA (sca.mode manual). */
  onScaWaiting?(waiting: ScaWaiting): void;
  onScaResumed?(checkId: CheckId): void;
}

export interface PreparedTarget {
  info: TargetInfo;
  createEnvironment(check: Check, signal: AbortSignal): Promise<CheckEnvironment>;
  /** The per-check timeout a check needs at least (a person completing SCA takes minutes). */
  minimumCheckTimeoutMs?(check: Check): number | undefined;
  close(): Promise<void>;
}

function signingOf(credential: LoadedCredential): SigningIdentity {
  return { key: credential.key, certificate: credential.certificates[0]! };
}

export async function profileTarget(
  loaded: LoadedTargetProfile,
  options: ProfileTargetOptions = {},
): Promise<PreparedTarget> {
  const { profile } = loaded;
  const transport = transportOfProfile(loaded);
  const sca = profile.sca ?? { mode: 'headless' as const };
  // One transport for every check of the run (keep-alive, TLS session reuse), closed with it.
  const connection = createTransport(transport);
  const common = {
    baseUrl: profile.baseUrl.replace(/\/+$/, ''),
    mode: profile.mode,
    signing: signingOf(loaded.signing),
    transport: connection,
    ...(loaded.aispOnlySigning ? { aispOnlySigning: signingOf(loaded.aispOnlySigning) } : {}),
    ...(loaded.bankSigning ? { bankSigning: loaded.bankSigning } : {}),
    ...(profile.admin ? { admin: profile.admin } : {}),
    ...targetPsus(profile),
    ...targetAllows(profile),
  };
  const name = profile.name ?? profile.baseUrl;

  if (sca.mode === 'manual') return manualScaTarget(sca, common, connection, name, options);

  // The PSU reaches the SCA pages with the TPP's trust and QWAC: a `workbench bank --mtls`
  // serves them on its one port, behind the same client-certificate check.
  let factory: SuitePsuAgentFactory | undefined;
  const dispatcher =
    sca.mode === 'headless'
      ? transportDispatcher({
          ...(transport.clientCertificate
            ? { clientCertificate: transport.clientCertificate }
            : {}),
          ...(transport.ca ? { ca: transport.ca } : {}),
        })
      : undefined;
  if (sca.mode === 'headless' || sca.mode === 'browser') {
    const script = loaded.psuSteps ?? (typeof sca.script === 'string' ? sca.script : undefined);
    const redirectUri = profile.redirectUri;
    const passwords = psuPasswords(profile);
    try {
      factory = suitePsuAgentFactory({
        mode: sca.mode,
        ...(Object.keys(passwords).length > 0 ? { passwords } : {}),
        ...(script !== undefined ? { steps: script as PsuSteps | string } : {}),
        ...(redirectUri ? { redirectUri } : {}),
        ...(sca.mode === 'headless'
          ? dispatcher
            ? { dispatcher }
            : {}
          : browserAgentOptions(loaded, sca.executablePath)),
      });
    } catch (error) {
      if (error instanceof PsuStepsError)
        throw new TargetProfileError(loaded.source, [`/sca/script: ${error.message}`]);
      throw error;
    }
  }
  if (sca.mode === 'browser') await checkPsuBrowserStarts(loaded, sca.executablePath);
  const target = externalTarget({
    ...common,
    ...(profile.redirectUri ? { redirectUri: profile.redirectUri } : {}),
    psuAgent: factory ?? null,
  });
  return {
    info: { ...target.info, name },
    createEnvironment: (_check, signal) => target.createEnvironment(signal),
    close: async () => {
      try {
        await factory?.close();
        await dispatcher?.close();
      } finally {
        await connection.close();
      }
    },
  };
}

/** The profile's test PSUs as the target shows them to checks and reports. */
function targetPsus(profile: TargetProfile): { psus?: TargetPsus } {
  if (!profile.psus) return {};
  return {
    psus: {
      // A password stays with the PSU agent (psuPasswords), out of the target the checks and
      // reports see.
      private: profile.psus.private.map(({ password: _password, ...p }) => ({
        ...p,
        name: p.name ?? p.login,
      })),
      corporate: (profile.psus.corporate ?? []).map(({ password: _password, ...p }) => ({
        ...p,
        name: p.name ?? p.login,
        agreement: { id: p.agreement.id ?? p.agreement.name, name: p.agreement.name },
      })),
    },
  };
}

/** `${password}` in the PSU script: each PSU's own, by login (the values are run secrets). */
function psuPasswords(profile: TargetProfile): Record<string, string> {
  const passwords: Record<string, string> = {};
  for (const p of [...(profile.psus?.private ?? []), ...(profile.psus?.corporate ?? [])])
    if (p.password !== undefined) passwords[p.login] = p.password;
  return passwords;
}

/** What the run may do to the bank; a field the profile leaves out is allowed. */
function targetAllows(profile: TargetProfile): { allows?: TargetAllows } {
  if (!profile.allows) return {};
  return {
    allows: {
      createSandboxData: profile.allows.createSandboxData ?? true,
      resetSandbox: profile.allows.resetSandbox ?? true,
      deletePayments: profile.allows.deletePayments ?? true,
    },
  };
}

/** Manual SCA: a person completes each SCA, redirected back to a loopback listener. */
async function manualScaTarget(
  sca: Extract<ScaAutomation, { mode: 'manual' }>,
  common: ExternalTargetOptions,
  connection: Transport,
  name: string,
  options: ProfileTargetOptions,
): Promise<PreparedTarget> {
  const timeoutMs = (sca.timeoutSeconds ?? DEFAULT_MANUAL_SCA_TIMEOUT_S) * 1000;
  const manual: ManualSca = await startManualSca({
    ...(sca.listenPort !== undefined ? { port: sca.listenPort } : {}),
    timeoutMs,
    onWaiting: (waiting) => options.onScaWaiting?.(waiting),
    ...(options.onScaResumed ? { onResumed: options.onScaResumed } : {}),
  });
  const info = { ...externalTarget({ ...common, psuAgent: null }).info, name };
  return {
    info,
    async createEnvironment(check, signal) {
      // Each check its own TPP-Redirect-URI on the listener, so its SCA comes back to it.
      const { redirectUri, psu } = manual.forCheck(check, signal);
      const environment = await externalTarget({
        ...common,
        redirectUri,
        psuAgent: null,
      }).createEnvironment(signal);
      return { ...environment, psu };
    },
    // A check may run up to three SCAs, each a person's few minutes.
    minimumCheckTimeoutMs: (check) =>
      check.needs?.includes('psu-agent') ? 3 * timeoutMs + 60_000 : undefined,
    close: async () => {
      try {
        await manual.close();
      } finally {
        await connection.close();
      }
    },
  };
}

/** Browser SCA: the Chromium to launch, and the trust and QWAC it reaches the SCA pages with. */
function browserAgentOptions(
  loaded: LoadedTargetProfile,
  executablePath: string | undefined,
): SuitePsuAgentOptions {
  return {
    ...(executablePath ? { executablePath } : {}),
    // Chromium takes no CA per context: a private test CA means accepting the bank's
    // certificate on the SCA pages (the TPP client still verifies it).
    ...(loaded.ca.length > 0 ? { ignoreHttpsErrors: true } : {}),
    ...(loaded.clientCertificate
      ? {
          clientCertificates: [
            {
              origin: new URL(loaded.profile.baseUrl).origin,
              cert: Buffer.from(
                loaded.clientCertificate.certificates.map((der) => toPem(der)).join(''),
              ),
              key: Buffer.from(
                loaded.clientCertificate.key.export({ type: 'pkcs8', format: 'pem' }),
              ),
            },
          ],
        }
      : {}),
  };
}

/** A browser that cannot start would fail every SCA check: say so once, before the run. */
async function checkPsuBrowserStarts(
  loaded: LoadedTargetProfile,
  executablePath: string | undefined,
): Promise<void> {
  try {
    await (await launchPsuBrowser(executablePath ? { executablePath } : {})).close();
  } catch (error) {
    throw new TargetProfileError(loaded.source, [
      `/sca: the browser for SCA does not start: ${(error as Error).message.split('\n')[0]}`,
    ]);
  }
}

/** Why a run against a profile cannot start: the bank is not in the profile's mode. */
export class TargetModeMismatch extends Error {
  override readonly name = 'TargetModeMismatch';
}

/**
 * The profile's mode, checked against the bank before a run (a production bank answers 404 on
 * /v1/sandbox/, §4.3): a mismatch stops the run, an answer that tells nothing is a warning.
 */
export async function checkProfileMode(
  loaded: LoadedTargetProfile,
  warn: (message: string) => void,
): Promise<void> {
  const client = new TppClient({
    baseUrl: loaded.profile.baseUrl.replace(/\/+$/, ''),
    signing: signingOf(loaded.signing),
    transport: transportOfProfile(loaded),
  });
  try {
    const verification = await verifyTargetMode(client, loaded.profile.mode);
    if (verification.verdict === 'mismatch')
      throw new TargetModeMismatch(
        `${loaded.source}: ${verification.detail}. Hint: ${verification.fix ?? 'check the profile'}.`,
      );
    if (verification.verdict === 'unknown')
      warn(
        `mode ${loaded.profile.mode} not confirmed: ${verification.detail}. Hint: ${verification.fix ?? 'check the profile'}.`,
      );
  } finally {
    await client.close();
  }
}

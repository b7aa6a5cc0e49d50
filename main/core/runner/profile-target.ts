/**
 * A bank named by a target profile as the run's target: the external target (external-target.ts)
 * with what the profile says — signing and AISP-only TPPs, mTLS and CAs, test PSUs, permissions,
 * the admin API — and the PSU automation it chooses (§5.3 SCA redirect):
 * - `headless`: the PSU steps over HTTP, trusting and presenting the same certificates as the
 *   TPP client (a `workbench bank --mtls` serves its SCA pages on the same port);
 * - `manual`: a person completes SCA; the check waits (manual-psu.ts);
 * - `none`: checks that need SCA are SKIPPED.
 */
import type { SigningIdentity } from '../tpp/client.js';
import { transportDispatcher } from '../tpp/transport.js';
import type { Check, TargetInfo } from './check-api/index.js';
import type { CheckEnvironment } from './engine/check-context.js';
import { externalTarget } from './external-target.js';
import { startManualSca, type ManualSca, type ScaWaiting } from './manual-psu.js';
import { createSuitePsuAgent } from './psu-adapter.js';
import {
  transportOfProfile,
  type LoadedCredential,
  type LoadedTargetProfile,
} from './target-profile/index.js';

/** Manual SCA: how long a person gets per SCA when the profile does not say. */
export const DEFAULT_MANUAL_SCA_TIMEOUT_S = 300;

export interface ProfileTargetOptions {
  /** A check waits for a person to complete SCA (sca.mode manual). */
  onScaWaiting?(waiting: ScaWaiting): void;
  onScaResumed?(checkId: string): void;
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
  const psus = profile.psus
    ? {
        private: profile.psus.private.map((p) => ({ ...p, name: p.name ?? p.login })),
        corporate: (profile.psus.corporate ?? []).map((p) => ({
          ...p,
          name: p.name ?? p.login,
          agreement: { id: p.agreement.id ?? p.agreement.name, name: p.agreement.name },
        })),
      }
    : undefined;
  const allows = profile.allows
    ? {
        createSandboxData: profile.allows.createSandboxData ?? true,
        resetSandbox: profile.allows.resetSandbox ?? true,
        deletePayments: profile.allows.deletePayments ?? true,
      }
    : undefined;
  const common = {
    baseUrl: profile.baseUrl.replace(/\/+$/, ''),
    mode: profile.mode,
    signing: signingOf(loaded.signing),
    transport,
    ...(loaded.aispOnlySigning ? { aispOnlySigning: signingOf(loaded.aispOnlySigning) } : {}),
    ...(profile.admin ? { admin: profile.admin } : {}),
    ...(psus ? { psus } : {}),
    ...(allows ? { allows } : {}),
  };
  const named = (info: TargetInfo): TargetInfo => ({
    ...info,
    name: profile.name ?? profile.baseUrl,
  });

  if (sca.mode === 'manual') {
    const timeoutMs = (sca.timeoutSeconds ?? DEFAULT_MANUAL_SCA_TIMEOUT_S) * 1000;
    const manual: ManualSca = await startManualSca({
      ...(sca.listenPort !== undefined ? { port: sca.listenPort } : {}),
      timeoutMs,
      onWaiting: (waiting) => options.onScaWaiting?.(waiting),
      ...(options.onScaResumed ? { onResumed: options.onScaResumed } : {}),
    });
    const info = named(externalTarget({ ...common, psuAgent: null }).info);
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
      close: () => manual.close(),
    };
  }

  const dispatcher =
    sca.mode === 'headless'
      ? transportDispatcher({
          ...(transport.clientCertificate
            ? { clientCertificate: transport.clientCertificate }
            : {}),
          ...(transport.ca ? { ca: transport.ca } : {}),
        })
      : undefined;
  const target = externalTarget({
    ...common,
    ...(profile.redirectUri ? { redirectUri: profile.redirectUri } : {}),
    psuAgent:
      sca.mode === 'headless'
        ? ({ signal }) => createSuitePsuAgent({ signal, ...(dispatcher ? { dispatcher } : {}) })
        : null,
  });
  return {
    info: named(target.info),
    createEnvironment: (_check, signal) => target.createEnvironment(signal),
    close: async () => {
      await dispatcher?.close();
    },
  };
}

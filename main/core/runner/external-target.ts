/**
 * A real bank as a suite target: its base URL, the TPP's signing certificate and key, and the
 * transport (mTLS QWAC, extra CA). Its clock cannot be moved, so checks that need the clock are
 * SKIPPED; SCA automation needs a per-bank PSU script (not given here), so those are SKIPPED too.
 */
import type { TargetInfo, TargetMode } from './check-api/index.js';
import type { SigningIdentity } from '../tpp/client.js';
import { TppClient } from '../tpp/client.js';
import type { TransportOptions } from '../tpp/transport.js';
import { newPsuSession } from '../tpp/psu-session.js';
import type { CheckEnvironment } from './engine/check-context.js';
import { createTargetClient } from './target-client.js';
import { SUITE_REDIRECT_URI } from './embedded-target.js';

export interface ExternalTargetOptions {
  baseUrl: string;
  mode: TargetMode;
  signing: SigningIdentity;
  transport?: TransportOptions;
  /** Whether the bank exposes the /v1/sandbox/ management API (default: in sandbox mode). */
  hasSandboxApi?: boolean;
  redirectUri?: string;
}

export function externalTarget(options: ExternalTargetOptions) {
  const info: TargetInfo = {
    baseUrl: options.baseUrl,
    mode: options.mode,
    hasSandboxApi: options.hasSandboxApi ?? options.mode === 'sandbox',
    name: options.baseUrl,
  };
  return {
    info,
    async createEnvironment(signal: AbortSignal): Promise<CheckEnvironment> {
      const session = newPsuSession(options.redirectUri ?? SUITE_REDIRECT_URI, {
        psuIpAddress: '192.0.2.10',
      });
      const tpp = new TppClient({
        baseUrl: options.baseUrl,
        signing: options.signing,
        ...(options.transport ? { transport: options.transport } : {}),
        session: () => session,
      });
      return { client: createTargetClient(tpp, signal), dispose: () => tpp.close() };
    },
  };
}

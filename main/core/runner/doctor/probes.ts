/**
 * The network probes the checks share, each sent once however many checks read it: the signed
 * request that shows the base URL reachable (its Date header also gives the clock skew) and the
 * mode probe. They go through the TppClient with the profile's signing and transport, exactly as
 * a run sends, so what fails here would fail the run.
 */
import { randomUUID } from 'node:crypto';
import type { Exchange } from '../../../shared/exchange.js';
import { TppClient } from '../../tpp/client.js';
import type { TransportOptions } from '../../tpp/transport.js';
import { transportOfProfile, type LoadedTargetProfile } from '../target-profile/index.js';
import { verifyTargetMode, type TargetModeVerification } from '../targets/target-mode.js';

/**
 * GET /v1/accounts with a Consent-ID nobody issued: every Berlin Group bank has the path in both
 * modes, and an unknown consent is refused (4xx) before any account is read, so the request reads
 * and changes nothing while still passing through the bank's signature check.
 */
export const REACHABILITY_PATH = '/v1/accounts';

export interface TimedExchange {
  exchange: Exchange;
  /** Local clock just before sending and once the answer was read. */
  sentAt: Date;
  receivedAt: Date;
}

export interface DoctorProbes {
  transport(): TransportOptions;
  reachability(): Promise<TimedExchange>;
  mode(): Promise<TargetModeVerification>;
  close(): Promise<void>;
}

export function createProbes(
  loaded: LoadedTargetProfile,
  options: { timeoutMs: number; now: () => Date },
): DoctorProbes {
  const base = transportOfProfile(loaded);
  const transport: TransportOptions = {
    ...base,
    timeouts: { ...base.timeouts, totalMs: options.timeoutMs, connectMs: options.timeoutMs },
  };
  const client = new TppClient({
    baseUrl: loaded.profile.baseUrl,
    signing: { key: loaded.signing.key, certificate: loaded.signing.certificates[0]! },
    transport,
    // §5.2.7: the answer's signature judged by the signer the profile pins (response-signer).
    ...(loaded.bankSigning ? { bankSigning: loaded.bankSigning } : {}),
  });
  let reachability: Promise<TimedExchange> | undefined;
  let mode: Promise<TargetModeVerification> | undefined;
  return {
    transport: () => transport,
    reachability() {
      reachability ??= (async () => {
        const sentAt = options.now();
        const exchange = await client.send({
          method: 'GET',
          path: REACHABILITY_PATH,
          headers: { 'Consent-ID': `doctor-${randomUUID()}`, 'PSU-IP-Address': '192.0.2.10' },
          label: 'reachability',
        });
        return { exchange, sentAt, receivedAt: options.now() };
      })();
      return reachability;
    },
    mode() {
      mode ??= verifyTargetMode(client, loaded.profile.mode);
      return mode;
    },
    close: () => client.close(),
  };
}

/**
 * A real bank, or a long-running `workbench bank`, as a suite target: its base URL, the TPP's
 * signing certificate and key, and the transport (mTLS QWAC, extra CA). One bank serves every
 * check of the run and the next run (TargetInfo.shared), so the engine runs the checks that reset
 * the sandbox or move the clock alone.
 *
 * What the target offers beyond the PSD2 interface comes from its profile: a PSU agent to complete
 * SCA (without one, checks that need SCA are SKIPPED), a second TPP registered for AISP only, the
 * bank's admin API to move its clock (docs/ci.md "Admin API"; without it, clock checks are
 * SKIPPED), the test PSUs to log in as, and what the run may do to the bank.
 */
import type {
  TargetAllows,
  TargetClock,
  TargetInfo,
  BankMode,
  TargetPsus,
} from '../check-api/index.js';
import type { SigningIdentity } from '../../tpp/client.js';
import { TppClient } from '../../tpp/client.js';
import { createTransport, type Transport, type TransportOptions } from '../../tpp/transport.js';
import { newPsuSession } from '../../tpp/psu-session.js';
import type { ResponseSignatureTrust } from '../../tpp/response-signature.js';
import type { CheckEnvironment } from '../engine/check-context.js';
import { createTargetClient } from './target-client.js';
import { tlsProbe } from './tls-probe.js';
import { SUITE_REDIRECT_URI, type PsuAgentFactory } from './embedded-target.js';

export interface ExternalTargetOptions {
  baseUrl: string;
  mode: BankMode;
  signing: SigningIdentity;
  /**
   * How to reach the bank: options for a transport the target makes once and shares between all
   * its checks (closed by `close()`), or a transport the caller owns and closes.
   */
  transport?: TransportOptions | Transport;
  /** Whether the bank exposes the /v1/sandbox/ management API (default: in sandbox mode). */
  hasSandboxApi?: boolean;
  redirectUri?: string;
  /** §5.2.7: the bank's response-signing certificate(s) or their CA, to judge signed answers by. */
  bankSigning?: ResponseSignatureTrust;
  /** A second TPP the bank registers for AISP only (CheckContext.aispOnlyClient). */
  aispOnlySigning?: SigningIdentity;
  /** Completes SCA on the bank's pages; default none: checks that need SCA are SKIPPED. */
  psuAgent?: PsuAgentFactory | null;
  /**
   * The bank's admin API (`workbench bank --admin`: `{ url: '…/admin', token }`): the run moves
   * the bank clock through it. Without it, checks that need the clock are SKIPPED.
   */
  admin?: { url: string; token: string };
  /** The test PSUs of a bank without GET /v1/sandbox/customers. */
  psus?: TargetPsus;
  /** What the run may do to the bank; absent: everything. */
  allows?: TargetAllows;
}

export interface ExternalTarget {
  info: TargetInfo;
  createEnvironment(signal: AbortSignal): Promise<CheckEnvironment>;
  /** Closes the connections of a transport the target made (none when the caller gave one). */
  close(): Promise<void>;
}

export function externalTarget(options: ExternalTargetOptions): ExternalTarget {
  const info: TargetInfo = {
    baseUrl: options.baseUrl,
    mode: options.mode,
    hasSandboxApi: options.hasSandboxApi ?? options.mode === 'sandbox',
    name: options.baseUrl,
    shared: true,
    ...(options.psus ? { psus: options.psus } : {}),
    ...(options.allows ? { allows: options.allows } : {}),
  };
  // One transport for the whole run, shared by every check's clients and the admin clock: the
  // same TLS, mTLS client certificate, extra CA and proxy reach the bank's own port (docs/ci.md:
  // the admin routes are served there, and with --mtls they need the client certificate too).
  // Its connections stay open between requests and checks (keep-alive, TLS session reuse), so a
  // run over mTLS does not pay a handshake per check; made on first use, closed by close().
  const given = options.transport && 'send' in options.transport ? options.transport : undefined;
  let owned: Transport | undefined;
  const shared = (): Transport =>
    given ?? (owned ??= createTransport(options.transport as TransportOptions | undefined));
  // §5.2.7 without a certificate or CA to judge the signer by: the run holds the bank to the
  // first signer it sees, so a signer that changes during the run is found.
  const bankSigning = options.bankSigning ?? { firstSigner: {} };
  return {
    info,
    async close() {
      const transport = owned;
      owned = undefined;
      await transport?.close();
    },
    async createEnvironment(signal: AbortSignal): Promise<CheckEnvironment> {
      const session = newPsuSession(options.redirectUri ?? SUITE_REDIRECT_URI, {
        psuIpAddress: '192.0.2.10',
      });
      const transport = shared();
      const client = (signing: SigningIdentity) =>
        new TppClient({
          baseUrl: options.baseUrl,
          signing,
          transport,
          session: () => session,
          bankSigning,
        });
      const tpp = client(options.signing);
      const aispOnly = options.aispOnlySigning ? client(options.aispOnlySigning) : undefined;
      const clock = options.admin ? adminClock(options.admin, transport, signal) : undefined;
      const tls = tlsProbe(options.baseUrl, signal);
      return {
        client: createTargetClient(tpp, signal),
        ...(aispOnly ? { aispOnlyClient: createTargetClient(aispOnly, signal) } : {}),
        ...(options.psuAgent ? { psu: options.psuAgent({ signal }) } : {}),
        ...(clock ? { clock } : {}),
        ...(tls ? { tls } : {}),
        dispose: async () => {
          await clock?.restore();
        },
      };
    },
  };
}

/**
 * The bank clock, read and moved through the admin API (GET and POST /admin/clock). A check that
 * moves a shared bank's clock leaves it where it would have been had nothing moved it (`restore`,
 * from dispose: when the check ends, fails, throws, times out or its run is cancelled). A run leaves
 * the bank as it found it: a clock left a year ahead would make the next run's consents expire at
 * once and a production bank refuse the TPP's certificates as expired. The checks that move the
 * clock run alone on a shared bank (Check.exclusive), so nothing else sees the move.
 */
export function adminClock(
  admin: { url: string; token: string },
  transport: Transport,
  signal?: AbortSignal,
): TargetClock & { restore(): Promise<void>; set(at: Date): Promise<Date> } {
  const url = `${admin.url.replace(/\/+$/, '')}/clock`;
  async function call(body?: object, abort = signal): Promise<Date> {
    const response = await transport.send({
      method: body ? 'POST' : 'GET',
      url,
      headers: {
        authorization: `Bearer ${admin.token}`,
        accept: 'application/json',
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: Buffer.from(JSON.stringify(body)) } : {}),
      ...(abort ? { signal: abort } : {}),
    });
    const text = response.body.toString('utf8');
    if (response.status !== 200)
      throw new Error(`admin API ${body ? 'POST' : 'GET'} ${url}: ${response.status} ${text}`);
    const now = (JSON.parse(text) as { now?: unknown }).now;
    if (typeof now !== 'string' || Number.isNaN(Date.parse(now)))
      throw new Error(`admin API ${url}: no clock instant in ${text}`);
    return new Date(now);
  }
  /** The net move the check made; the bank's clock runs on with real time meanwhile. */
  let moved = 0;
  return {
    now: () => call(),
    async advance(ms) {
      const step = Math.round(ms);
      await call({ advanceMs: step });
      moved += step;
    },
    /** Sets the clock to `at` (the run's pre-flight, setting a far-off clock back to real time). */
    set: (at) => call({ set: at.toISOString() }),
    async restore() {
      if (moved === 0) return;
      // Not the check's signal: it may have been aborted, and the bank must be put right anyway.
      await call({ advanceMs: -moved }, AbortSignal.timeout(10_000));
      moved = 0;
    },
  };
}

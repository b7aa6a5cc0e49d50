/**
 * The bank's listeners (http.ts does the sockets): in front of everything the canonical-path rule
 * (request-target.ts) and, on loopback, the Host rule; then /pki/ and the host's own intercept;
 * and the bookkeeping of which listener is the bank's URL.
 */
import { hostAllowed, isLoopbackAddress, loopbackHostHeaders } from '../../../shared/loopback.js';
import { bankError } from '../../spec/errors.js';
import { failureResponse } from '../listener/refusals.js';
import { listenBank, type BankListener, type ListenOptions } from '../listener/http.js';
import { nonCanonicalTarget } from '../listener/request-target.js';
import { pkiIntercept } from '../trust/pki.js';
import type { RevocationLists } from '../trust/revocation.js';
import type { TrustStore } from '../trust/trust-store.js';
import type { BankRequest, BankResponse, ServedRequest } from '../http/messages.js';

export interface ListenerSetOptions {
  trustStore: TrustStore;
  revocation: RevocationLists | undefined;
  maxBodyBytes: number;
  serve(request: BankRequest): Promise<ServedRequest>;
  /**
   * The GEN-TLS-1-2 fault (§5.1 "TLS 1.2 or higher"), read when a listener starts: its HTTPS
   * accepts TLS 1.0 and 1.1 too, at the security level that lets OpenSSL speak them.
   */
  oldTlsFault?(): boolean;
}

/** Every listener one bank started; the most recent one is the bank's URL. */
export class ListenerSet {
  private readonly listeners = new Set<BankListener>();
  private latest: BankListener | undefined;
  /** Listeners that demand a TLS client certificate (mTLS, tls.ts), for /openapi.json. */
  private readonly mutualTls = new WeakSet<BankListener>();

  constructor(private readonly options: ListenerSetOptions) {}

  get last(): BankListener | undefined {
    return this.latest;
  }

  /** Whether the bank's URL is a listener that demands a client certificate. */
  lastIsMutualTls(): boolean {
    return this.latest !== undefined && this.mutualTls.has(this.latest);
  }

  async listen(listenOptions: ListenOptions = {}): Promise<BankListener> {
    const { trustStore, revocation, maxBodyBytes } = this.options;
    // /pki/ first (the CA certificates and CRLs, both modes), then the host's own intercept.
    const pki = pkiIntercept({ trustStore, ...(revocation ? { revocation } : {}) });
    const outer = listenOptions.intercept;
    // Set once the listener knows its port: on loopback, the Host every route accepts.
    let hostCheck: ((request: BankRequest) => BankResponse | undefined) | undefined;
    const intercept = async (request: BankRequest) =>
      targetRefusal(request) ??
      hostCheck?.(request) ??
      pki(request) ??
      (outer ? await outer(request) : undefined);
    const https =
      listenOptions.https && this.options.oldTlsFault?.()
        ? { ...listenOptions.https, minVersion: 'TLSv1' as const, ciphers: 'DEFAULT@SECLEVEL=0' }
        : listenOptions.https;
    const listener = await listenBank(
      { serve: this.options.serve },
      { maxBodyBytes, ...listenOptions, ...(https ? { https } : {}), intercept },
    );
    if (isLoopbackAddress(listener.host))
      hostCheck = foreignHostRefusal(
        loopbackHostHeaders(listener.port, listenOptions.https ? 443 : 80, listener.host),
        listenOptions.allowedHosts ?? [],
      );
    if (https?.requestCert === true && https.rejectUnauthorized !== false)
      this.mutualTls.add(listener);
    this.listeners.add(listener);
    this.latest = listener;
    return {
      ...listener,
      close: async () => {
        this.listeners.delete(listener);
        if (this.latest === listener) this.latest = [...this.listeners].pop();
        await listener.close();
      },
    };
  }

  async closeAll(): Promise<void> {
    const all = [...this.listeners];
    this.listeners.clear();
    this.latest = undefined;
    await Promise.all(all.map((listener) => listener.close()));
  }
}

/** A target a URL parser would read as another path: 400 before any route or access decision. */
function targetRefusal(request: BankRequest): BankResponse | undefined {
  const problem = nonCanonicalTarget(request.target);
  return problem === undefined ? undefined : failureResponse(400, problem);
}

/**
 * For a listener on loopback: every route (PSD2, SCA pages, /pki/, health, the admin API, the
 * sandbox) answers only a Host that names loopback with the listener's port, or one of
 * `--allow-host`; any other is 421 with a tppMessages text. A web page that rebinds its own name
 * to 127.0.0.1 (DNS rebinding) sends its name, and so can neither reset the bank nor read it. The
 * PSD2 routes' §5.2 signature is no defence here: a sandbox bank accepts a self-signed QSealC,
 * and a page can sign with WebCrypto.
 */
function foreignHostRefusal(
  allowed: ReadonlySet<string>,
  extra: readonly string[],
): (request: BankRequest) => BankResponse | undefined {
  const named = [
    ...allowed,
    // An entry without a port allows any (parseAllowedHost); `[::1]` is an address, not a port.
    ...extra.map((entry) => (/(^[^:]+|\]):\d+$/.test(entry) ? entry : `${entry}[:port]`)),
  ];
  return (request) => {
    const host = request.headers.host;
    if (host !== undefined && hostAllowed(host, allowed, extra)) return undefined;
    const error = bankError(
      'BAD_REQUEST',
      `${host === undefined ? 'no Host header' : `Host '${host.slice(0, 100)}'`} is not this bank's loopback address (${named.join(', ')}): a bank on loopback answers only requests addressed to it (DNS rebinding protection; workbench bank --allow-host names more)`,
      { status: 421 },
    );
    return {
      status: error.status,
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify(error.body),
    };
  };
}

/**
 * The bank's listeners (http.ts does the sockets): /pki/ and the host's own intercept in front,
 * the loopback Host check for the bank's own routes, and the bookkeeping of which listener is
 * the bank's URL.
 */
import { isLoopbackAddress, loopbackHostHeaders } from '../../../shared/loopback.js';
import { bankError } from '../../spec/errors.js';
import { listenBank, type BankListener, type ListenOptions } from '../listener/http.js';
import { pkiIntercept } from '../trust/pki.js';
import type { RevocationLists } from '../trust/revocation.js';
import type { TrustStore } from '../trust/trust-store.js';
import type { BankRequest, BankResponse, ServedRequest } from '../types.js';

export interface ListenerSetOptions {
  trustStore: TrustStore;
  revocation: RevocationLists | undefined;
  maxBodyBytes: number;
  serve(request: BankRequest): Promise<ServedRequest>;
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
    // Set once the listener knows its port: on loopback, the Host its own routes accept.
    let hostCheck: ((request: BankRequest) => BankResponse | undefined) | undefined;
    const intercept = async (request: BankRequest) =>
      hostCheck?.(request) ?? pki(request) ?? (outer ? await outer(request) : undefined);
    const listener = await listenBank(
      { serve: this.options.serve },
      { maxBodyBytes, ...listenOptions, intercept },
    );
    if (isLoopbackAddress(listener.host))
      hostCheck = foreignHostRefusal(
        loopbackHostHeaders(listener.port, listenOptions.https ? 443 : 80),
      );
    const https = listenOptions.https;
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

/** The bank's own routes that change it outside the PSD2 interface: admin API, sandbox data. */
const OWN_ROUTES = /^\/(admin(\/|\?|$)|v1\/sandbox(\/|\?|$))/;

/**
 * For a listener on loopback: the admin API and the sandbox management routes answer only a Host
 * that names loopback with the listener's port; any other is 421 with a tppMessages text. A web
 * page that rebinds its own name to 127.0.0.1 (DNS rebinding) sends its name, and so cannot reset
 * the bank or make data in it. The PSD2 routes need a signature, which such a page cannot make.
 */
function foreignHostRefusal(
  allowed: ReadonlySet<string>,
): (request: BankRequest) => BankResponse | undefined {
  return (request) => {
    if (!OWN_ROUTES.test(request.target)) return undefined;
    const host = request.headers.host;
    if (host !== undefined && allowed.has(host.toLowerCase())) return undefined;
    const error = bankError(
      'BAD_REQUEST',
      `${host === undefined ? 'no Host header' : `Host '${host.slice(0, 100)}'`} is not this bank's loopback address (${[...allowed].join(', ')}): the admin API and the sandbox management routes answer only requests addressed to it (DNS rebinding protection)`,
      { status: 421 },
    );
    return {
      status: error.status,
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify(error.body),
    };
  };
}

/**
 * The signing TPP client: fills X-Request-ID and the session's TPP/PSU headers, signs (§5.2) with
 * the QSealC, sends through the transport, verifies a response signature (§5.2.7), and records the
 * exchange. The composer, the SCA flow and every suite check send through this one client.
 */
import { randomUUID } from 'node:crypto';
import type { SigningKey, DigestAlgorithm } from '../signature/index.js';
import { signRequest } from './signer.js';
import { createTransport, type Transport, type TransportOptions } from './transport.js';
import { parseJson, utf8Text } from './exchange.js';
import type { Exchange } from '../../shared/exchange.js';
import type { ExchangeLog } from './exchange-log.js';
import { sessionHeaders, type PsuSession } from './psu-session.js';
import { verifyResponseSignature, type ResponseSignatureTrust } from './response-signature.js';
import { bodyExcerpt, REFUSED_BODY_EXCERPT_CHARS, type JsonLimits } from './safe-json.js';

export interface SigningIdentity {
  key: SigningKey;
  /** QSealC, PEM or DER. */
  certificate: string | Buffer;
  digestAlgorithm?: DigestAlgorithm;
  includeRequestTarget?: boolean;
}

export interface TppClientOptions {
  baseUrl: string;
  signing?: SigningIdentity;
  transport?: Transport | TransportOptions;
  /** Read on every request, so a completed SCA updates what later requests send. */
  session?: () => PsuSession | undefined;
  /** Sent on every request unless the request overrides them (e.g. x-accept-fix). */
  defaultHeaders?: Record<string, string>;
  log?: ExchangeLog;
  /**
   * §5.2.7: the bank's response-signing certificate(s) or the CA that issues them. A signed
   * answer by any other signer is invalid; without either, one that verifies is only `untrusted`.
   */
  bankSigning?: ResponseSignatureTrust;
  /** Size and nesting caps checked before a JSON answer is parsed (defaults in safe-json.ts). */
  jsonLimits?: JsonLimits;
}

export interface OutgoingRequest {
  method: string;
  /** Path below the base URL (`/v1/accounts`) or an absolute URL (a followed link). */
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  /** `null` removes a header the client would add (default, session or X-Request-ID). */
  headers?: Record<string, string | null>;
  /** A string or bytes go as they are; anything else is sent as JSON. */
  body?: string | Buffer | object;
  /** Sign the request (default: when the client has a signing identity). */
  sign?: boolean;
  /** Deliberate deviations for suites: sign these names in this order. */
  signedHeaderNames?: readonly string[];
  digestAlgorithm?: DigestAlgorithm;
  includeRequestTarget?: boolean;
  /** Change headers or body after signing (suites probing tamper detection). */
  afterSigning?: (wire: { headers: Record<string, string>; body?: Buffer }) => void;
  label?: string;
  signal?: AbortSignal;
}

export class TppClient {
  private readonly transport: Transport;
  private readonly ownsTransport: boolean;

  constructor(readonly options: TppClientOptions) {
    new URL(options.baseUrl); // throws a TypeError naming the bad URL early
    const t = options.transport;
    this.ownsTransport = !t || !('send' in t);
    this.transport = t && 'send' in t ? t : createTransport(t as TransportOptions | undefined);
  }

  resolveUrl(path: string, query?: OutgoingRequest['query']): URL {
    const base = this.options.baseUrl.replace(/\/+$/, '');
    const url = /^https?:\/\//i.test(path)
      ? new URL(path)
      : new URL(base + (path.startsWith('/') ? path : `/${path}`));
    for (const [name, value] of Object.entries(query ?? {})) {
      if (value !== undefined) url.searchParams.append(name, String(value));
    }
    return url;
  }

  /**
   * Builds the exchange exactly as it would be sent — headers filled, signed, tampered if asked —
   * without sending it (copy as curl, preview of the signing string).
   */
  async prepare(request: OutgoingRequest): Promise<Exchange> {
    const url = this.resolveUrl(request.path, request.query);
    const headers = this.headersFor(request);
    let body: Buffer | undefined;
    if (request.body !== undefined) {
      body = Buffer.isBuffer(request.body)
        ? request.body
        : Buffer.from(
            typeof request.body === 'string' ? request.body : JSON.stringify(request.body),
          );
      if (!Object.keys(headers).some((n) => n.toLowerCase() === 'content-type')) {
        headers['Content-Type'] = 'application/json';
      }
    }

    let wireHeaders = headers;
    let signing: Exchange['signing'];
    const identity = this.options.signing;
    if (request.sign ?? identity !== undefined) {
      if (!identity)
        throw new Error(
          'this target has no signing certificate and key: choose one before sending signed requests',
        );
      const signed = signRequest({
        method: request.method,
        url,
        headers,
        body,
        signingKey: identity.key,
        certificate: identity.certificate,
        digestAlgorithm: request.digestAlgorithm ?? identity.digestAlgorithm,
        includeRequestTarget: request.includeRequestTarget ?? identity.includeRequestTarget,
        ...(request.signedHeaderNames ? { signedHeaderNames: request.signedHeaderNames } : {}),
      });
      wireHeaders = signed.headers;
      body = signed.body;
      signing = {
        signingString: signed.signingString,
        signedHeaderNames: signed.signedHeaderNames,
        keyId: signed.keyId,
      };
    }
    const wire = { headers: wireHeaders, body };
    request.afterSigning?.(wire);

    const bodyText = wire.body ? utf8Text(wire.body) : undefined;
    const exchange: Exchange = {
      id: randomUUID(),
      ...(request.label ? { label: request.label } : {}),
      startedAt: new Date().toISOString(),
      request: {
        method: request.method,
        url: url.toString(),
        headers: wire.headers,
        ...(wire.body
          ? bodyText !== undefined
            ? { body: bodyText }
            : { bodyBase64: wire.body.toString('base64') }
          : {}),
      },
      ...(signing ? { signing } : {}),
      timings: { headersMs: 0, totalMs: 0 },
      responseSignature: { status: 'absent' },
    };
    return exchange;
  }

  /** Sends a request and records the exchange; a transport failure is recorded, never thrown. */
  async send(request: OutgoingRequest): Promise<Exchange> {
    const exchange = await this.prepare(request);
    const bodyBytes =
      exchange.request.body !== undefined
        ? Buffer.from(exchange.request.body, 'utf8')
        : exchange.request.bodyBase64 !== undefined
          ? Buffer.from(exchange.request.bodyBase64, 'base64')
          : undefined;
    try {
      const response = await this.transport.send({
        method: exchange.request.method,
        url: exchange.request.url,
        headers: exchange.request.headers,
        ...(bodyBytes ? { body: bodyBytes } : {}),
        ...(request.signal ? { signal: request.signal } : {}),
      });
      const text = response.body.toString('utf8');
      const { json, refusal } = parseJson(
        text,
        response.headers['content-type'],
        this.options.jsonLimits,
      );
      exchange.response = {
        status: response.status,
        headers: response.headers,
        // A refused JSON body is kept as an excerpt: enough evidence, bounded memory.
        body: refusal ? bodyExcerpt(text) : text,
        ...(json !== undefined ? { json } : {}),
        truncated:
          response.truncated || (refusal !== undefined && text.length > REFUSED_BODY_EXCERPT_CHARS),
        ...(refusal ? { jsonRefusal: refusal } : {}),
      };
      exchange.startedAt = response.timings.startedAt;
      exchange.timings = {
        headersMs: response.timings.headersMs,
        totalMs: response.timings.totalMs,
      };
      exchange.responseSignature = verifyResponseSignature(
        response.headers,
        response.body,
        this.options.bankSigning,
      );
    } catch (error) {
      exchange.error = error instanceof Error ? error.message : String(error);
    }
    this.options.log?.add(exchange);
    return exchange;
  }

  /**
   * Follows `_links[relation].href` of a JSON response with the same headers as a fresh request
   * (new X-Request-ID, new signature). Undefined when the response has no such link.
   */
  async follow(
    from: Exchange,
    relation: string,
    request: Partial<OutgoingRequest> = {},
  ): Promise<Exchange | undefined> {
    const href = linkOf(from, relation);
    if (href === undefined) return undefined;
    return this.send({ method: 'GET', ...request, path: href });
  }

  /** Follows `next` until there is none (or `maxPages`), returning every page including the first. */
  async followAll(first: Exchange, relation = 'next', maxPages = 100): Promise<Exchange[]> {
    const pages = [first];
    let current: Exchange | undefined = first;
    while (pages.length < maxPages && current) {
      current = await this.follow(current, relation, { label: first.label });
      if (current) pages.push(current);
    }
    return pages;
  }

  async close(): Promise<void> {
    if (this.ownsTransport) await this.transport.close();
  }

  private headersFor(request: OutgoingRequest): Record<string, string> {
    const merged: Record<string, string | null> = {
      'X-Request-ID': randomUUID(),
      ...(this.options.defaultHeaders ?? {}),
      ...(this.options.session?.() ? sessionHeaders(this.options.session()!) : {}),
    };
    // Request headers override case-insensitively.
    for (const [name, value] of Object.entries(request.headers ?? {})) {
      for (const existing of Object.keys(merged)) {
        if (existing.toLowerCase() === name.toLowerCase()) delete merged[existing];
      }
      merged[name] = value;
    }
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(merged)) if (value !== null) headers[name] = value;
    return headers;
  }
}

/** `_links[relation].href` of a JSON response body (a Link object or a plain string). */
export function linkOf(exchange: Exchange, relation: string): string | undefined {
  const links = (exchange.response?.json as { _links?: Record<string, unknown> } | undefined)
    ?._links;
  const link = links?.[relation];
  if (typeof link === 'string') return link;
  if (
    typeof link === 'object' &&
    link !== null &&
    typeof (link as { href?: unknown }).href === 'string'
  ) {
    return (link as { href: string }).href;
  }
  return undefined;
}

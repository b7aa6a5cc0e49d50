/**
 * The signing client as the UI drives it: one PSU session per target, whose TPP-Redirect-URI is the
 * launch's loopback redirect listener (§5.3.2, RFC 8252 §7.3); preview, send and follow through the
 * one TppClient (signing with keystore keys that never leave main); the history of exchanges; and
 * the SCA redirect back from the bank, which updates the target's PSU session (§6.1) or reports
 * the §6.2 failure.
 */
import { randomUUID } from 'node:crypto';
import { TppClient, linkOf, type OutgoingRequest } from '../../core/tpp/client.js';
import { ExchangeLog } from '../../core/tpp/exchange-log.js';
import type { Exchange } from '../../core/tpp/exchange.js';
import { toCurl, toHar } from '../../core/tpp/export.js';
import { newPsuSession, sessionHeaders, type PsuSession } from '../../core/tpp/psu-session.js';
import {
  startRedirectListener,
  type RedirectListener,
  type ScaRedirect,
} from '../../core/tpp/redirect-listener.js';
import type { TransportOptions } from '../../core/tpp/transport.js';
import { toPem } from '../../core/certs/pem.js';
import type { Clock } from '../../core/clock.js';
import { CallRefused } from '../dispatch.js';
import type { EventHub } from '../events.js';
import type {
  CallArgs,
  ExchangeView,
  HeaderSource,
  PsuSessionView,
  ScaAttemptView,
} from '../contract.js';
import type { CertsService } from './certs/certs-service.js';
import type { SettingsService } from './settings-service.js';
import type { TargetsService } from './targets-service.js';

type ComposedRequest = CallArgs<'tpp.send'>['request'];

interface ExchangeOrigin {
  targetId: string;
  headerSources: Record<string, HeaderSource>;
}

/** Headers of a request that a followed link must not repeat: the client computes them afresh. */
const RECOMPUTED = new Set([
  'x-request-id',
  'digest',
  'signature',
  'tpp-signature-certificate',
  'content-type',
]);

export class TppService {
  private listener: Promise<RedirectListener> | undefined;
  private readonly sessions = new Map<string, PsuSession>();
  private readonly log = new ExchangeLog(1000);
  private readonly origins = new Map<string, ExchangeOrigin>();
  private attempts: ScaAttemptView[] = [];

  constructor(
    private readonly deps: {
      certs: CertsService;
      targets: TargetsService;
      settings: SettingsService;
      clock: Clock;
      events: EventHub;
      openScaWindow?: (plan: { url: string; redirectUri: string; tppSessionId: string }) => void;
    },
  ) {}

  // ---- PSU sessions -------------------------------------------------------------------------

  private redirectListener(): Promise<RedirectListener> {
    this.listener ??= startRedirectListener().then((listener) => {
      listener.onRedirect((redirect) => this.redirected(redirect));
      return listener;
    });
    return this.listener;
  }

  private async session(targetId: string): Promise<PsuSession> {
    const existing = this.sessions.get(targetId);
    if (existing) return existing;
    const listener = await this.redirectListener();
    // Another call may have made it while the listener started.
    const session = this.sessions.get(targetId) ?? newPsuSession(listener.redirectUri);
    this.sessions.set(targetId, session);
    return session;
  }

  private sessionView(targetId: string, session: PsuSession): PsuSessionView {
    return {
      targetId,
      tppSessionId: session.tppSessionId,
      tppRedirectUri: session.tppRedirectUri,
      ...(session.psuId ? { psuId: session.psuId } : {}),
      ...(session.psuCorporateId ? { psuCorporateId: session.psuCorporateId } : {}),
      ...(session.context ? { context: session.context } : {}),
      ...(session.scaCompletedAt ? { scaCompletedAt: session.scaCompletedAt } : {}),
    };
  }

  async sessionList(): Promise<PsuSessionView[]> {
    const { targets } = await this.deps.targets.list();
    const views: PsuSessionView[] = [];
    for (const target of targets)
      views.push(this.sessionView(target.id, await this.session(target.id)));
    return views;
  }

  async resetSession(targetId: string): Promise<PsuSessionView> {
    await this.knownTarget(targetId);
    const listener = await this.redirectListener();
    return this.sessionChanged(targetId, newPsuSession(listener.redirectUri));
  }

  async updateSession(args: CallArgs<'session.update'>): Promise<PsuSessionView> {
    await this.knownTarget(args.targetId);
    const next: PsuSession = { ...(await this.session(args.targetId)) };
    const assign = <K extends 'psuId' | 'psuCorporateId' | 'context'>(
      key: K,
      value: PsuSession[K] | null | undefined,
    ) => {
      if (value === null) delete next[key];
      else if (value !== undefined) next[key] = value;
    };
    assign('psuId', args.psuId);
    assign('psuCorporateId', args.psuCorporateId);
    assign('context', args.context);
    return this.sessionChanged(args.targetId, next);
  }

  private sessionChanged(targetId: string, session: PsuSession): PsuSessionView {
    this.sessions.set(targetId, session);
    const view = this.sessionView(targetId, session);
    this.deps.events.emit('session.changed', view);
    return view;
  }

  private async knownTarget(targetId: string): Promise<void> {
    const { targets } = await this.deps.targets.list();
    if (!targets.some((t) => t.id === targetId))
      throw new CallRefused(`There is no target '${targetId}'.`);
  }

  // ---- SCA redirect (§5.3, §6) --------------------------------------------------------------

  async beginSca(args: CallArgs<'sca.begin'>): Promise<ScaAttemptView> {
    const target = await this.deps.targets.resolve(args.targetId);
    let url: URL;
    try {
      url = new URL(args.href, `${target.baseUrl}/`);
    } catch {
      throw new CallRefused(`The scaRedirect '${args.href}' is not a URL.`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new CallRefused(`The scaRedirect must be an http(s) URL, not '${url.protocol}'.`);
    }
    const session = await this.session(args.targetId);
    const attempt: ScaAttemptView = {
      id: randomUUID(),
      targetId: args.targetId,
      url: url.toString(),
      tppSessionId: session.tppSessionId,
      startedAt: this.deps.clock.now().toISOString(),
      openedByHost: this.deps.openScaWindow !== undefined,
    };
    this.attempts = [...this.attempts.slice(-19), attempt];
    this.deps.openScaWindow?.({
      url: attempt.url,
      redirectUri: session.tppRedirectUri,
      tppSessionId: session.tppSessionId,
    });
    return attempt;
  }

  private redirected(redirect: ScaRedirect): void {
    const sessionId = redirect.tppSessionId;
    let targetId = [...this.sessions].find(([, s]) => s.tppSessionId === sessionId)?.[0];
    const attempt = [...this.attempts]
      .reverse()
      .find((a) => (targetId ? a.targetId === targetId : true));
    targetId ??= attempt?.targetId;
    if (attempt) this.attempts = this.attempts.filter((a) => a !== attempt);
    let session: PsuSessionView | undefined;
    if (redirect.outcome === 'success' && targetId) {
      const current = this.sessions.get(targetId);
      // An SCA counts for the TPP session that started it (§3.4), not for one begun since.
      if (current && current.tppSessionId === redirect.tppSessionId) {
        const next: PsuSession = {
          ...current,
          psuId: redirect.psuId,
          // Recorded on the bank clock: the SCA hour (§3.4) runs on it.
          scaCompletedAt: this.deps.clock.now().toISOString(),
        };
        if (redirect.psuCorporateId) next.psuCorporateId = redirect.psuCorporateId;
        else delete next.psuCorporateId;
        if (redirect.context === 'PRIVATE' || redirect.context === 'CORPORATE') {
          next.context = redirect.context;
        }
        session = this.sessionChanged(targetId, next);
      }
    }
    this.deps.events.emit('sca.redirect', {
      ...(attempt ? { attemptId: attempt.id } : {}),
      ...(targetId ? { targetId } : {}),
      redirect: structuredClone(redirect),
      ...(session ? { session } : {}),
    });
  }

  // ---- preview, send, follow ----------------------------------------------------------------

  private async client(
    targetId: string,
    sign?: boolean,
  ): Promise<{ client: TppClient; session: PsuSession; defaults: Record<string, string> }> {
    const target = await this.deps.targets.resolve(targetId);
    if (sign === true && !target.signingCertificate) {
      throw new CallRefused(
        `${target.name} has no signing certificate: choose a QSealC for it (Certificates → ` +
          '"Use for a target", or Settings → Targets), or send the request unsigned.',
      );
    }
    const settings = await this.deps.settings.settings();
    const session = await this.session(targetId);
    const certs = this.deps.certs;
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
      session: () => this.sessions.get(targetId),
      defaultHeaders: target.defaultHeaders,
    });
    return { client, session, defaults: target.defaultHeaders };
  }

  private outgoing(request: ComposedRequest, label?: string): OutgoingRequest {
    return {
      method: request.method,
      path: request.path,
      ...(request.query ? { query: request.query } : {}),
      ...(request.headers ? { headers: request.headers } : {}),
      ...(request.body !== undefined && request.body !== '' ? { body: request.body } : {}),
      ...(request.sign !== undefined ? { sign: request.sign } : {}),
      ...(label ? { label } : {}),
    };
  }

  async preview(targetId: string, request: ComposedRequest, label?: string): Promise<ExchangeView> {
    const { client, session, defaults } = await this.client(targetId, request.sign);
    try {
      const exchange = await this.guard(() => client.prepare(this.outgoing(request, label)));
      return this.view(
        exchange,
        { targetId, headerSources: sourcesOf(exchange, request.headers, session, defaults) },
        false,
      );
    } finally {
      await client.close();
    }
  }

  async send(targetId: string, request: ComposedRequest, label?: string): Promise<ExchangeView> {
    const { client, session, defaults } = await this.client(targetId, request.sign);
    try {
      const exchange = await this.guard(() => client.send(this.outgoing(request, label)));
      return this.record(exchange, {
        targetId,
        headerSources: sourcesOf(exchange, request.headers, session, defaults),
      });
    } finally {
      await client.close();
    }
  }

  async follow(exchangeId: string, relation: string, record = true): Promise<ExchangeView> {
    const from = this.log.get(exchangeId);
    const origin = this.origins.get(exchangeId);
    if (!from || !origin) {
      throw new CallRefused('That exchange is no longer in the history; send the request again.');
    }
    if (linkOf(from, relation) === undefined) {
      throw new CallRefused(`The response has no _links.${relation} to follow.`);
    }
    // The link's request repeats what the user chose (x-accept-fix, PSU-IP-Address, …).
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(from.request.headers)) {
      if (origin.headerSources[name] === 'request' && !RECOMPUTED.has(name.toLowerCase()))
        headers[name] = value;
    }
    const { client, session, defaults } = await this.client(origin.targetId);
    try {
      const exchange = await this.guard(() =>
        client.follow(from, relation, {
          headers,
          label: `${from.label ?? from.request.method} → ${relation}`,
        }),
      );
      const followOrigin = {
        targetId: origin.targetId,
        headerSources: sourcesOf(exchange!, headers, session, defaults),
      };
      return record
        ? this.record(exchange!, followOrigin)
        : this.view(exchange!, followOrigin, true);
    } finally {
      await client.close();
    }
  }

  /** Signing and preparing can fail on what the user gave (a header, a certificate): say so. */
  private async guard<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof CallRefused) throw error;
      throw new CallRefused(`The request was not sent: ${(error as Error).message}`);
    }
  }

  private record(exchange: Exchange, origin: ExchangeOrigin): ExchangeView {
    this.origins.set(exchange.id, origin);
    this.log.add(exchange);
    // The log keeps at most its capacity; forget origins it dropped.
    if (this.origins.size > this.log.capacity) {
      for (const id of this.origins.keys()) if (!this.log.get(id)) this.origins.delete(id);
    }
    const view = this.view(exchange, origin, true);
    this.deps.events.emit('history.added', view);
    return view;
  }

  private view(exchange: Exchange, origin: ExchangeOrigin, sent: boolean): ExchangeView {
    const copy = structuredClone(exchange);
    return {
      id: copy.id,
      ...(copy.label ? { label: copy.label } : {}),
      targetId: origin.targetId,
      startedAt: copy.startedAt,
      sent,
      request: copy.request,
      headerSources: origin.headerSources,
      ...(copy.signing ? { signing: copy.signing } : {}),
      ...(copy.response ? { response: copy.response } : {}),
      ...(copy.error ? { error: copy.error } : {}),
      timings: copy.timings,
      responseSignature: copy.responseSignature,
      curl: toCurl(exchange),
    };
  }

  // ---- history ------------------------------------------------------------------------------

  history(text?: string): ExchangeView[] {
    return this.log
      .list(text ? { text } : {})
      .map((exchange) => this.view(exchange, this.origins.get(exchange.id)!, true));
  }

  exportHar(ids?: string[]): { fileName: string; text: string } {
    const wanted = ids ? new Set(ids) : undefined;
    const exchanges = this.log.list().filter((e) => !wanted || wanted.has(e.id));
    if (exchanges.length === 0) throw new CallRefused('There is nothing in the history to export.');
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    return {
      fileName: `workbench-history-${stamp}.har`,
      text: JSON.stringify(toHar(exchanges), null, 2),
    };
  }

  clearHistory(): { cleared: number } {
    const cleared = this.log.list().length;
    this.log.clear();
    this.origins.clear();
    return { cleared };
  }

  async dispose(): Promise<void> {
    const listener = this.listener;
    this.listener = undefined;
    if (listener) await (await listener).close();
  }
}

/** Where each header of a prepared exchange came from, mirroring TppClient's merge order. */
export function sourcesOf(
  exchange: Exchange,
  requested: Record<string, string | null> | undefined,
  session: PsuSession,
  targetDefaults: Record<string, string>,
): Record<string, HeaderSource> {
  const lower = (names: Iterable<string>) => new Set([...names].map((n) => n.toLowerCase()));
  const fromRequest = lower(
    Object.entries(requested ?? {})
      .filter(([, value]) => value !== null)
      .map(([name]) => name),
  );
  const fromSession = lower(Object.keys(sessionHeaders(session)));
  const fromTarget = lower(Object.keys(targetDefaults));
  const sources: Record<string, HeaderSource> = {};
  for (const name of Object.keys(exchange.request.headers)) {
    const key = name.toLowerCase();
    sources[name] = fromRequest.has(key)
      ? 'request'
      : fromSession.has(key)
        ? 'session'
        : fromTarget.has(key)
          ? 'target'
          : 'generated';
  }
  return sources;
}

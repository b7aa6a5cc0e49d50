/**
 * The signing client as the UI drives it: one PSU session per target (psu-sessions.ts); preview,
 * send and follow through the one TppClient (target-client.ts, signing with keystore keys that
 * never leave main); the history of exchanges (history.ts); and the SCA redirect back from the
 * bank (sca-redirects.ts).
 */
import { randomUUID } from 'node:crypto';
import { linkOf, type OutgoingRequest } from '../../../core/tpp/client.js';
import type { OwnRequests } from '../bank/own-requests.js';
import type { Clock } from '../../../core/clock.js';
import type { PsuSession } from '../../../core/tpp/psu-session.js';
import type { SecretValue } from '../../../core/tpp/redact-secrets.js';
import { CallRefused } from '../../dispatch.js';
import type { EventHub } from '../../events.js';
import type {
  CallArgs,
  ComposedRequest,
  ExchangeView,
  PsuSessionView,
  ScaAttemptView,
  ScaRecordingView,
  ScaReplayView,
} from '../../contract/index.js';
import type { CertsService } from '../certs/certs-service.js';
import type { SettingsService } from '../settings/settings-service.js';
import type { TargetsService } from '../targets/targets-service.js';
import { sourcesOf } from './header-sources.js';
import { ExchangeHistory, exchangeView } from './history.js';
import { PsuSessions } from './psu-sessions.js';
import { ScaRedirects, type OpenScaWindow } from './sca-redirects.js';
import { ScaRecordings, type RelayScaPages } from './sca-recordings.js';
import { ScaReplay } from './sca-replay.js';
import { clientFor, type Addressed } from './target-client.js';

/** Headers of a request that a followed link must not repeat: the client computes them afresh. */
const RECOMPUTED = new Set([
  'x-request-id',
  'digest',
  'signature',
  'tpp-signature-certificate',
  'content-type',
]);

function outgoing(request: ComposedRequest, label?: string): OutgoingRequest {
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

/** Signing and preparing can fail on what the user gave (a header, a certificate): say so. */
async function guard<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof CallRefused) throw error;
    throw new CallRefused(`The request was not sent: ${(error as Error).message}`);
  }
}

export class TppService {
  private readonly sessions: PsuSessions;
  private readonly sca: ScaRedirects;
  private readonly recordings = new ScaRecordings();
  private readonly replays: ScaReplay;
  private readonly exchanges: ExchangeHistory;

  constructor(
    private readonly deps: {
      certs: CertsService;
      targets: TargetsService;
      settings: SettingsService;
      clock: Clock;
      events: EventHub;
      /** Where polling requests are noted so the bank console can tell them apart. */
      own?: OwnRequests;
      openScaWindow?: OpenScaWindow;
      /** The web host's relay that adds the recorder to the bank's pages. */
      relayScaPages?: RelayScaPages;
      /** The target's secret variables, shown as `{{name}}` in every view of an exchange. */
      secretsOf?: (targetId: string) => Promise<SecretValue[]>;
    },
  ) {
    this.sessions = new PsuSessions({
      targets: deps.targets,
      events: deps.events,
      onRedirect: (redirect) => this.sca.redirected(redirect),
    });
    this.sca = new ScaRedirects({ ...deps, sessions: this.sessions, recordings: this.recordings });
    this.replays = new ScaReplay(this.sca);
    this.exchanges = new ExchangeHistory(deps.events);
  }

  // ---- PSU sessions and the SCA redirect (§5.3, §6) ----------------------------------------

  sessionList(): Promise<PsuSessionView[]> {
    return this.sessions.list();
  }

  resetSession(targetId: string, keep?: 'psu'): Promise<PsuSessionView> {
    return this.sessions.reset(targetId, keep);
  }

  undoResetSession(targetId: string): Promise<PsuSessionView> {
    return this.sessions.undoReset(targetId);
  }

  /** The target's session as it is now (begun on first use). */
  session(targetId: string): Promise<PsuSession> {
    return this.sessions.session(targetId);
  }

  updateSession(args: CallArgs<'session.update'>): Promise<PsuSessionView> {
    return this.sessions.update(args);
  }

  beginSca(args: CallArgs<'sca.begin'>): Promise<ScaAttemptView> {
    return this.sca.begin(args);
  }

  scaRecording(args: CallArgs<'sca.recording'>): ScaRecordingView {
    return this.recordings.view(args.attemptId, args.stop);
  }

  replaySca(args: CallArgs<'sca.replay'>): Promise<ScaReplayView> {
    return this.replays.replay(args);
  }

  // ---- preview, send, follow ----------------------------------------------------------------

  /** The target's secrets (docs/variables.md, "Secret values"), to redact what is shown. */
  private async secrets(targetId: string): Promise<{ secrets?: SecretValue[] }> {
    const secrets = (await this.deps.secretsOf?.(targetId)) ?? [];
    return secrets.length > 0 ? { secrets } : {};
  }

  /** The target's client, or one without its credentials for a confirmed foreign origin. */
  private clientFor(targetId: string, request: Addressed, allowForeignOrigin?: boolean) {
    return clientFor(
      { ...this.deps, sessions: this.sessions },
      targetId,
      request,
      allowForeignOrigin,
    );
  }

  async preview(
    targetId: string,
    request: ComposedRequest,
    label?: string,
    allowForeignOrigin?: boolean,
  ): Promise<ExchangeView> {
    const { client, session, defaults } = await this.clientFor(
      targetId,
      request,
      allowForeignOrigin,
    );
    try {
      const exchange = await guard(() => client.prepare(outgoing(request, label)));
      return exchangeView(
        exchange,
        {
          targetId,
          headerSources: sourcesOf(exchange, request.headers, session, defaults),
          ...(await this.secrets(targetId)),
        },
        false,
      );
    } finally {
      await client.close();
    }
  }

  async send(
    targetId: string,
    request: ComposedRequest,
    label?: string,
    allowForeignOrigin?: boolean,
  ): Promise<ExchangeView> {
    const { client, session, defaults } = await this.clientFor(
      targetId,
      request,
      allowForeignOrigin,
    );
    try {
      const exchange = await guard(() => client.send(outgoing(request, label)));
      return this.exchanges.record(exchange, {
        targetId,
        headerSources: sourcesOf(exchange, request.headers, session, defaults),
        ...(await this.secrets(targetId)),
      });
    } finally {
      await client.close();
    }
  }

  async follow(exchangeId: string, relation: string, record = true): Promise<ExchangeView> {
    const sent = this.exchanges.get(exchangeId);
    if (!sent) {
      throw new CallRefused('That exchange is no longer in the history; send the request again.');
    }
    const { exchange: from, origin } = sent;
    const href = linkOf(from, relation);
    if (href === undefined) {
      throw new CallRefused(`The response has no _links.${relation} to follow.`);
    }
    // The link's request repeats what the user chose (x-accept-fix, PSU-IP-Address, …).
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(from.request.headers)) {
      if (origin.headerSources[name] === 'request' && !RECOMPUTED.has(name.toLowerCase()))
        headers[name] = value;
    }
    if (!record) {
      // Unrecorded follows are the workbench's own polling: noted before they are sent.
      const requestId = randomUUID();
      headers['X-Request-ID'] = requestId;
      this.deps.own?.add(requestId);
    }
    // A link to another origin is refused like a composed request to one (target-client.ts).
    const { client, session, defaults } = await this.clientFor(origin.targetId, { path: href });
    try {
      const exchange = await guard(() =>
        client.follow(from, relation, {
          headers,
          label: `${from.label ?? from.request.method} → ${relation}`,
        }),
      );
      const followOrigin = {
        targetId: origin.targetId,
        headerSources: sourcesOf(exchange!, headers, session, defaults),
        ...(origin.secrets ? { secrets: origin.secrets } : {}),
      };
      return record
        ? this.exchanges.record(exchange!, followOrigin)
        : exchangeView(exchange!, followOrigin, true);
    } finally {
      await client.close();
    }
  }

  // ---- history ------------------------------------------------------------------------------

  history(text?: string): ExchangeView[] {
    return this.exchanges.list(text);
  }

  exportHar(ids?: string[]): { fileName: string; text: string } {
    return this.exchanges.exportHar(ids);
  }

  clearHistory(): { cleared: number } {
    return this.exchanges.clear();
  }

  async dispose(): Promise<void> {
    await this.replays.dispose();
    await this.recordings.dispose();
    return this.sessions.dispose();
  }
}

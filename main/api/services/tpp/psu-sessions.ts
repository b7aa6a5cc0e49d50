/**
 * One PSU session per target, whose TPP-Redirect-URI is the launch's loopback redirect listener
 * (§5.3.2, RFC 8252 §7.3). The listener starts with the first session; what arrives on it goes to
 * `onRedirect`.
 */
import { newPsuSession, type PsuSession } from '../../../core/tpp/psu-session.js';
import {
  startRedirectListener,
  type RedirectListener,
  type ScaRedirectParams,
} from '../../../core/tpp/redirect-listener.js';
import { CallRefused } from '../../dispatch.js';
import type { EventHub } from '../../events.js';
import type { CallArgs, PsuSessionView } from '../../contract/index.js';
import type { TargetsService } from '../targets/targets-service.js';

export class PsuSessions {
  private listener: Promise<RedirectListener> | undefined;
  private readonly sessions = new Map<string, PsuSession>();
  /** Per target: the session the last reset replaced, and the one it started (for undo). */
  private readonly replaced = new Map<string, { previous: PsuSession; started: string }>();

  constructor(
    private readonly deps: {
      targets: TargetsService;
      events: EventHub;
      onRedirect(redirect: ScaRedirectParams): void;
    },
  ) {}

  private redirectListener(): Promise<RedirectListener> {
    this.listener ??= startRedirectListener().then((listener) => {
      listener.onRedirect((redirect) => this.deps.onRedirect(redirect));
      return listener;
    });
    return this.listener;
  }

  /** The target's session, begun (and the listener started) on first use. */
  async session(targetId: string): Promise<PsuSession> {
    const existing = this.sessions.get(targetId);
    if (existing) return existing;
    const listener = await this.redirectListener();
    // Another call may have made it while the listener started.
    const session = this.sessions.get(targetId) ?? newPsuSession(listener.redirectUri);
    this.sessions.set(targetId, session);
    return session;
  }

  /** The target's session as it is now, without beginning one. */
  current(targetId: string): PsuSession | undefined {
    return this.sessions.get(targetId);
  }

  /** The target whose session has this TPP session id. */
  targetOf(tppSessionId: string | undefined): string | undefined {
    return [...this.sessions].find(([, s]) => s.tppSessionId === tppSessionId)?.[0];
  }

  private view(targetId: string, session: PsuSession): PsuSessionView {
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

  async list(): Promise<PsuSessionView[]> {
    const { targets } = await this.deps.targets.list();
    const views: PsuSessionView[] = [];
    for (const target of targets) views.push(this.view(target.id, await this.session(target.id)));
    return views;
  }

  /**
   * A new TPP-Session-ID for the target (§3.4). `keep: 'psu'` carries the PSU identity over (the
   * same PSU, who completes SCA again in the new session); otherwise the PSU is forgotten. The
   * session replaced can be brought back with `undoReset`.
   */
  async reset(targetId: string, keep?: 'psu'): Promise<PsuSessionView> {
    await this.knownTarget(targetId);
    const listener = await this.redirectListener();
    const previous = await this.session(targetId);
    const identity: Partial<PsuSession> =
      keep === 'psu'
        ? {
            ...(previous.psuId ? { psuId: previous.psuId } : {}),
            ...(previous.psuCorporateId ? { psuCorporateId: previous.psuCorporateId } : {}),
            ...(previous.context ? { context: previous.context } : {}),
          }
        : {};
    const next = newPsuSession(listener.redirectUri, identity);
    this.replaced.set(targetId, { previous, started: next.tppSessionId });
    return this.changed(targetId, next);
  }

  /** Brings back the session the last reset replaced, while the reset's session is current. */
  async undoReset(targetId: string): Promise<PsuSessionView> {
    await this.knownTarget(targetId);
    const last = this.replaced.get(targetId);
    const current = this.sessions.get(targetId);
    if (!last || current?.tppSessionId !== last.started)
      throw new CallRefused(
        'There is nothing to undo: no reset of this target, or its session changed since.',
      );
    this.replaced.delete(targetId);
    return this.changed(targetId, last.previous);
  }

  async update(args: CallArgs<'session.update'>): Promise<PsuSessionView> {
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
    return this.changed(args.targetId, next);
  }

  /** Replaces the target's session and tells the views. */
  changed(targetId: string, session: PsuSession): PsuSessionView {
    this.sessions.set(targetId, session);
    const view = this.view(targetId, session);
    this.deps.events.emit('session.changed', view);
    return view;
  }

  private async knownTarget(targetId: string): Promise<void> {
    const { targets } = await this.deps.targets.list();
    if (!targets.some((t) => t.id === targetId))
      throw new CallRefused(`There is no target '${targetId}'.`);
  }

  async dispose(): Promise<void> {
    const listener = this.listener;
    this.listener = undefined;
    if (listener) await (await listener).close();
  }
}

/**
 * The SCA redirect (§5.3, §6): an attempt opens the bank's page (in the host's window when it has
 * one), and the redirect back updates the target's PSU session (§6.1) or reports the §6.2 failure.
 */
import { randomUUID } from 'node:crypto';
import type { PsuSession } from '../../../core/tpp/psu-session.js';
import type { ScaRedirectParams } from '../../../core/tpp/redirect-listener.js';
import type { Clock } from '../../../core/clock.js';
import { CallRefused } from '../../dispatch.js';
import type { EventHub } from '../../events.js';
import type { CallArgs, PsuSessionView, ScaAttemptView } from '../../contract/index.js';
import type { TargetsService } from '../targets/targets-service.js';
import type { PsuSessions } from './psu-sessions.js';
import type { RecordingSink, RelayScaPages, ScaRecordings } from './sca-recordings.js';

export type OpenScaWindow = (plan: {
  url: string;
  redirectUri: string;
  tppSessionId: string;
  /** Record what the PSU does in the window (docs/sca.md, "Recording SCA steps"). */
  recording?: RecordingSink;
}) => void;

export class ScaRedirects {
  private attempts: ScaAttemptView[] = [];

  constructor(
    private readonly deps: {
      sessions: PsuSessions;
      targets: TargetsService;
      clock: Clock;
      events: EventHub;
      recordings: ScaRecordings;
      openScaWindow?: OpenScaWindow;
      relayScaPages?: RelayScaPages;
    },
  ) {}

  async begin(args: CallArgs<'sca.begin'>): Promise<ScaAttemptView> {
    const { openScaWindow, relayScaPages, recordings } = this.deps;
    if (args.record && !openScaWindow && !relayScaPages)
      throw new CallRefused('This host cannot record the SCA pages.');
    const { attempt, redirectUri, targetName } = await this.announce(
      args,
      openScaWindow !== undefined,
    );
    let recording: RecordingSink | undefined;
    if (args.record) {
      attempt.recording = true;
      recording = recordings.start(attempt.id, new Date(attempt.startedAt), targetName);
      if (!openScaWindow && relayScaPages) {
        // The web host's popup opens the bank's pages through its relay, which adds the recorder.
        const relay = await relayScaPages({ url: attempt.url, recording });
        recordings.relayed(attempt.id, relay.close);
        attempt.url = relay.url;
      }
    }
    openScaWindow?.({
      url: attempt.url,
      redirectUri,
      tppSessionId: attempt.tppSessionId,
      ...(recording ? { recording } : {}),
    });
    return attempt;
  }

  /**
   * Notes an attempt on `href` without opening anything (the browser agent's replay opens the
   * page itself): the redirect back is matched to it like any other.
   */
  async announce(
    args: { targetId: string; href: string },
    openedByHost = false,
  ): Promise<{ attempt: ScaAttemptView; redirectUri: string; targetName: string }> {
    const { url, targetName } = await this.resolveScaUrl(args);
    const session = await this.deps.sessions.session(args.targetId);
    const attempt: ScaAttemptView = {
      id: randomUUID(),
      targetId: args.targetId,
      url: url.toString(),
      tppSessionId: session.tppSessionId,
      startedAt: this.deps.clock.now().toISOString(),
      openedByHost,
    };
    this.attempts = [...this.attempts.slice(-19), attempt];
    return { attempt, redirectUri: session.tppRedirectUri, targetName };
  }

  /** The page `href` opens: relative to the target's baseUrl, http(s) only. */
  async scaUrl(args: { targetId: string; href: string }): Promise<URL> {
    return (await this.resolveScaUrl(args)).url;
  }

  private async resolveScaUrl(args: {
    targetId: string;
    href: string;
  }): Promise<{ url: URL; targetName: string }> {
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
    return { url, targetName: target.name };
  }

  redirected(redirect: ScaRedirectParams): void {
    const { sessions } = this.deps;
    let targetId = sessions.targetOf(redirect.tppSessionId);
    const attempt = [...this.attempts]
      .reverse()
      .find((a) => (targetId ? a.targetId === targetId : true));
    targetId ??= attempt?.targetId;
    if (attempt) this.attempts = this.attempts.filter((a) => a !== attempt);
    if (attempt?.recording) this.deps.recordings.redirected(attempt.id);
    let session: PsuSessionView | undefined;
    if (redirect.outcome === 'success' && targetId) {
      const current = sessions.current(targetId);
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
        session = sessions.changed(targetId, next);
      }
    }
    this.deps.events.emit('sca.redirect', {
      ...(attempt ? { attemptId: attempt.id } : {}),
      ...(targetId ? { targetId } : {}),
      redirect: structuredClone(redirect),
      ...(session ? { session } : {}),
    });
  }
}

/**
 * One SCA at a time (§5.3): the attempt main announced, the popup, the scaStatus steps seen while
 * polling the response's `scaStatus` link, and the outcome of the redirect back (§6.1 / §6.2).
 */
import { create } from 'zustand';
import type { ScaAttemptView, ScaRedirectEvent, ScaRedirectView } from '../../../main/api/contract';
import { api } from '../api';
import { scaStatusOf } from '../lib/links';
import { hostScaWindow, openScaWindow, type ScaWindow } from './open-sca';
import { useScaRecording } from './sca-recording';
import { useUsedLinks } from './used-links';

export interface ScaStep {
  scaStatus: string;
  /**
   * When the status was read, on the bank clock: the answer's Date header (RFC 9110 §6.6.1, the
   * clock the bank dates the SCA by), so the steps and "SCA completed" are on one clock. The
   * workbench's own clock only when the bank sent no readable Date.
   */
  at: string;
  clock: 'bank' | 'workbench';
}

/** The step's time from the answer's Date header, or the workbench's clock without one. */
function readAt(headers: Record<string, string> | undefined): Pick<ScaStep, 'at' | 'clock'> {
  const date = headers?.date ? Date.parse(headers.date) : NaN;
  return Number.isNaN(date)
    ? { at: new Date().toISOString(), clock: 'workbench' }
    : { at: new Date(date).toISOString(), clock: 'bank' };
}

interface ScaState {
  attempt?: ScaAttemptView;
  popupBlocked: boolean;
  steps: ScaStep[];
  outcome?: ScaRedirectView;
  /**
   * The status of the resource the SCA authorised, read once the PSU is back (`consentStatus`):
   * a consent confirmed with no account ticked is `revokedByPsu`, not a success.
   */
  resourceStatus?: string;
  pollError?: string;
  error?: unknown;
  /**
   * Opens the PSU's window for an scaRedirect `href`; `pollFrom` names the exchange whose
   * `_links.scaStatus` shows the authorisation's progress.
   */
  begin(targetId: string, href: string, pollFrom?: string): Promise<void>;
  received(event: ScaRedirectEvent): void;
  dismiss(): void;
}

const POLL_MS = 1500;
const POLL_FOR_MS = 15 * 60 * 1000;
const FINAL_STATUSES = ['FINALISED', 'FAILED', 'EXEMPTED'];

let popup: ScaWindow | undefined;
/** The exchange whose `scaStatus` link the current attempt reads. */
let pollSource: string | undefined;
/** The scaRedirect the current attempt opened, as the answer gave it. */
let openedLink: { targetId: string; href: string } | undefined;
let pollTimer: ReturnType<typeof setTimeout> | undefined;

function stopPolling() {
  if (pollTimer) clearTimeout(pollTimer);
  pollTimer = undefined;
}

export const useScaStore = create<ScaState>((set, get) => {
  /** Reads the `scaStatus` link once; a new status becomes a step. */
  /** Reads the authorised resource's `status` link once (a consent's `consentStatus`). */
  async function readResourceStatus(exchangeId: string, attemptId: string | undefined) {
    try {
      const answer = await api.call('tpp.follow', {
        exchangeId,
        relation: 'status',
        record: false,
      });
      const json = answer.response?.json as { consentStatus?: unknown } | undefined;
      if (typeof json?.consentStatus === 'string' && get().attempt?.id === attemptId)
        set({ resourceStatus: json.consentStatus });
    } catch {
      // No status link, or not readable: the redirect's outcome is what there is to show.
    }
  }

  async function readStatus(exchangeId: string): Promise<string | undefined> {
    try {
      const answer = await api.call('tpp.follow', {
        exchangeId,
        relation: 'scaStatus',
        record: false,
      });
      const status = scaStatusOf(answer.response?.json);
      if (status && get().steps.at(-1)?.scaStatus !== status) {
        set((s) => ({
          steps: [...s.steps, { scaStatus: status, ...readAt(answer.response?.headers) }],
        }));
      }
      set({ pollError: undefined });
      return status;
    } catch (error) {
      set({ pollError: (error as Error).message });
      return undefined;
    }
  }

  function poll(exchangeId: string, attemptId: string, until: number) {
    pollTimer = setTimeout(async () => {
      if (get().attempt?.id !== attemptId || get().outcome) return;
      const status = await readStatus(exchangeId);
      if (status && FINAL_STATUSES.includes(status)) return;
      if (Date.now() < until && !get().outcome) poll(exchangeId, attemptId, until);
    }, POLL_MS);
  }

  return {
    popupBlocked: false,
    steps: [],
    async begin(targetId, href, pollFrom) {
      stopPolling();
      popup?.close();
      // Opened now, while the click still counts as the user's gesture (popup blockers); the
      // desktop app opens its own hardened SCA window from main instead.
      popup = api.host === 'web' ? openScaWindow() : hostScaWindow;
      pollSource = pollFrom;
      set({
        attempt: undefined,
        outcome: undefined,
        resourceStatus: undefined,
        steps: [],
        error: undefined,
        pollError: undefined,
        popupBlocked: !popup.opened,
      });
      try {
        const record = useScaRecording.getState().record;
        const attempt = await api.call('sca.begin', {
          targetId,
          href,
          ...(record ? { record } : {}),
        });
        // Recording, the web host's popup opens the bank's pages through its recording relay.
        popup.show(attempt.url);
        // The bank binds the link to the window's browser now: it cannot be replayed after.
        openedLink = { targetId, href };
        useUsedLinks.getState().used(targetId, href, 'opened');
        if (attempt.recording) useScaRecording.getState().started(attempt.id);
        set({ attempt });
        if (pollFrom) {
          void readStatus(pollFrom);
          poll(pollFrom, attempt.id, Date.now() + POLL_FOR_MS);
        }
      } catch (error) {
        popup.close();
        set({ error });
      }
    },
    received(event) {
      const attempt = get().attempt;
      // A redirect for another attempt (an older popup) does not replace this one's outcome.
      if (attempt && event.attemptId && event.attemptId !== attempt.id) return;
      stopPolling();
      // The window stays open on the redirect page, which shows the parameters (§6.1/§6.2); the
      // next SCA reuses or closes it.
      set({ outcome: event.redirect });
      if (openedLink) useUsedLinks.getState().used(openedLink.targetId, openedLink.href, 'ended');
      if (attempt?.recording) void useScaRecording.getState().refresh();
      // One last read: the steps end with the status the redirect settled (FINALISED, FAILED).
      if (pollSource) void readStatus(pollSource);
      if (pollSource && event.redirect.outcome === 'success')
        void readResourceStatus(pollSource, attempt?.id);
    },
    dismiss() {
      stopPolling();
      pollSource = undefined;
      set({
        attempt: undefined,
        outcome: undefined,
        resourceStatus: undefined,
        steps: [],
        pollError: undefined,
      });
    },
  };
});

/**
 * Manual SCA for banks no script can drive: a person completes it. The check WAITS: whoever runs
 * the suites is told the scaRedirect link and what to do there (which PSU logs in, which context
 * and accounts to choose); the CLI prints it, the UI opens its SCA window. The check goes on when
 * the bank redirects the browser to the workbench's loopback listener (RFC 8252 §7.3), or fails
 * with a named timeout.
 *
 * Every check gets its own TPP-Redirect-URI (…/callback/<key>), so the listener knows whose SCA
 * came back even when several checks wait at once.
 */
import { randomUUID } from 'node:crypto';
import type { PsuAgent, PsuIntent } from '../check-api/index.js';
import { startRedirectListener, type RedirectListener } from '../../tpp/redirect-listener.js';
import { suiteScaRedirect } from './sca-redirect-view.js';
import type { CheckId } from '../../../shared/rule-ids.js';

/** What a person is asked to do for a waiting check. */
export interface ScaWaiting {
  checkId: CheckId;
  checkTitle: string;
  /** The bank's SCA link (the scaRedirect of the check's consent, payment or authorisation). */
  scaRedirect: string;
  /** What to do on the bank's pages, in words, from the check's PSU steps. */
  instructions: string;
  /** When the check gives up (ISO 8601). */
  deadline: string;
}

export interface ManualScaOptions {
  /** Loopback port of the listener (0: any free one). */
  port?: number;
  /** How long one SCA may take a person. */
  timeoutMs: number;
  onWaiting(waiting: ScaWaiting): void;
  /** The redirect arrived (or the wait ended) for this check. */
  onResumed?(checkId: CheckId): void;
}

export interface ManualSca {
  listener: RedirectListener;
  /** A check's TPP-Redirect-URI and the agent that waits on it. */
  forCheck(
    check: { id: string; title: string },
    signal: AbortSignal,
  ): {
    redirectUri: string;
    psu: PsuAgent;
  };
  close(): Promise<void>;
}

/** The script in a person's words: "log in as 15038512363, choose …, tick …, then confirm". */
export function describePsuIntent(script: PsuIntent): string {
  const steps = [`log in as ${script.login}`];
  if (script.context === 'CORPORATE')
    steps.push(`choose the corporate agreement ${script.corporateAgreement ?? '(any)'}`);
  else if (script.context === 'PRIVATE') steps.push('act privately');
  const grant = script.consent?.grant ?? [];
  if (grant.includes('*')) steps.push('tick every account offered');
  else if (grant.length > 0) steps.push(`tick ${grant.join(', ')}`);
  if (script.consent?.revoke?.length) steps.push(`untick ${script.consent.revoke.join(', ')}`);
  steps.push(script.outcome === 'abort' ? 'then CANCEL' : 'then confirm');
  return steps.join(', ');
}

export async function startManualSca(options: ManualScaOptions): Promise<ManualSca> {
  const listener = await startRedirectListener({
    ...(options.port !== undefined ? { port: options.port } : {}),
  });
  return {
    listener,
    forCheck(check, signal) {
      const key = `${check.id}.${randomUUID().slice(0, 8)}`;
      const redirectUri = listener.redirectUriFor(key);
      return {
        redirectUri,
        psu: {
          async completeSca(scaRedirectUrl, script) {
            signal.throwIfAborted();
            // Listen before telling anyone: a quick person must not beat the listener.
            const arrived = listener.waitForKey(key, options.timeoutMs, signal);
            options.onWaiting({
              checkId: check.id,
              checkTitle: check.title,
              scaRedirect: scaRedirectUrl,
              instructions: describePsuIntent(script),
              deadline: new Date(Date.now() + options.timeoutMs).toISOString(),
            });
            try {
              const redirect = await arrived;
              const url = `${redirectUri}?${new URLSearchParams(redirect.query).toString()}`;
              return suiteScaRedirect(redirect, url);
            } catch (error) {
              if (signal.aborted) throw error;
              throw new Error(
                `manual SCA: ${(error as Error).message}; the PSU did not finish at ${scaRedirectUrl}`,
              );
            } finally {
              options.onResumed?.(check.id);
            }
          },
        },
      };
    },
    close: () => listener.close(),
  };
}

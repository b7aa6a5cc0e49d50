/**
 * The suites' PsuAgent (main/core/runner/check-api) over the workbench's PSU agents: a check's
 * PsuIntent becomes the agent's script, the agent plays the bank's SCA pages with the bank's PSU
 * script (main/core/tpp/psu-agent/steps.ts; default the embedded bank's `workbench-bank`, built-in-steps.ts) —
 * headless over HTTP (tpp/psu-agent/) or in Chromium (tpp/psu-browser/) — and its redirect
 * becomes the suites' ScaRedirect (§6.1 / §6.2).
 *
 * The agent stops at the redirect to the TPP (e.g. SUITE_REDIRECT_URI) without fetching it.
 *
 * Script mapping (the PSU steps' variables, docs/sca.md "PSU steps for other banks"):
 * - `login` → `${login}`: the login page's national identity number (sandbox: the mocked
 *   number, §1);
 * - `context` PRIVATE → `${context}` PRIVATE; CORPORATE → `${context}` CORPORATE and
 *   `${agreement}` = `corporateAgreement`, as the context page shows it: its name (e.g.
 *   `Nordlys Rørlegger AS`) or its value `agreement:<id>`. When the bank skips the context page
 *   (one choice, or PSU-Context / PSU-Corporate-ID preselected it), the context is not used.
 *   Without `context` the PSU acts privately when asked;
 * - `consent.grant` / `consent.revoke` → `${grant}` / `${revoke}` (`${accounts}` = listed): tick /
 *   untick on the consent screen; an account is named by its id, IBAN, masked PAN or name.
 *   `grant: ['*']` ticks every account offered (`${accounts}` = all);
 * - `outcome: 'abort'` → `${action}` = cancel: cancel on the last page (§3.4 "SCA aborted").
 */
import type { Browser } from 'playwright-core';
import type { Dispatcher } from 'undici';
import type {
  EvidenceRecorder,
  PsuAgent,
  PsuIntent as SuitePsuIntent,
  ScaRedirect as SuiteScaRedirect,
} from '../check-api/index.js';
import {
  PsuAgentError,
  runPsuAgent,
  type PsuAgentOptions,
  type PsuAgentResult,
} from '../../tpp/psu-agent/agent.js';
import type { AgentIntent } from '../../tpp/psu-agent/script.js';
import { psuPlayedNote } from '../../../shared/sequence/psu-note.js';
import { suiteScaRedirect } from './sca-redirect-view.js';
import type { PsuSteps } from '../../tpp/psu-agent/steps.js';
import { DEFAULT_PSU_STEPS, resolvePsuSteps } from '../../tpp/psu-agent/built-in-steps.js';
import { launchPsuBrowser, runBrowserPsuAgent } from '../../tpp/psu-browser/browser-agent.js';

/**
 * Builds a PSU agent for one check; `signal` is the check's (aborted on timeout or cancellation).
 * The agent receives the check's evidence recorder with each `completeSca` call.
 */
export type PsuAgentFactory = (context: { signal: AbortSignal }) => PsuAgent;

/** Every account on the consent screen (`consent: { grant: [ALL_ACCOUNTS] }`). */
export const ALL_ACCOUNTS = '*';

/** The headless agent's script for a check's PsuIntent. */
export function agentIntentOf(
  script: SuitePsuIntent,
  passwords: Readonly<Record<string, string>> = {},
): AgentIntent {
  const agent: AgentIntent = { nationalIdentityNumber: script.login };
  // The target profile's password of this login (psus[].password), for `${password}`.
  const password = passwords[script.login];
  if (password !== undefined) agent.password = password;
  if (script.context === 'CORPORATE')
    agent.context = { agreementName: script.corporateAgreement ?? '(no corporateAgreement named)' };
  else agent.context = 'PRIVATE';
  if (script.consent) {
    const grant = [...(script.consent.grant ?? [])];
    agent.accounts = grant.includes(ALL_ACCOUNTS)
      ? 'all'
      : { grant, ...(script.consent.revoke ? { revoke: [...script.consent.revoke] } : {}) };
  }
  if (script.outcome === 'abort') agent.action = 'cancel';
  return agent;
}

/** The suites' ScaRedirect for what an agent returned. */
function suiteRedirectOf(result: PsuAgentResult): SuiteScaRedirect {
  return suiteScaRedirect(result.redirect, result.redirectUrl);
}

/** Which pages the agent played, as one line of evidence. */
function playedNote(how: string, steps: PsuSteps, result: PsuAgentResult): string {
  const played = result.pages.filter((p) => p.submitted).map((p) => p.step ?? '?');
  return psuPlayedNote({ how, script: steps.name, played, redirectUrl: result.redirectUrl });
}

/** Runs one agent call with the signal checked around it and its errors made readable. */
async function completing(
  signal: AbortSignal | undefined,
  run: () => Promise<PsuAgentResult>,
): Promise<PsuAgentResult> {
  if (signal?.aborted) throw signal.reason ?? new Error('aborted');
  let result;
  try {
    result = await run();
  } catch (error) {
    if (error instanceof PsuAgentError) {
      const last = error.pages.at(-1);
      throw new Error(
        `PSU agent: ${error.message}${last ? ` (last page: ${last.method} ${last.url} → ${last.status})` : ''}`,
      );
    }
    throw error;
  }
  if (signal?.aborted) throw signal.reason ?? new Error('aborted');
  return result;
}

/**
 * Builds the suites' headless PSU agent (HTTP only, no browser); `signal` stops it between pages
 * of a check that timed out. `steps`: the bank's PSU steps (default `workbench-bank`).
 */
export function createSuitePsuAgent(
  options: { signal?: AbortSignal; passwords?: Readonly<Record<string, string>> } & Pick<
    PsuAgentOptions,
    'dispatcher' | 'maxPages' | 'steps' | 'redirectUri'
  > = {},
): PsuAgent {
  const { signal, passwords, ...agentOptions } = options;
  const steps = resolvePsuSteps(options.steps);
  return {
    async completeSca(scaRedirectUrl, script, evidence?: EvidenceRecorder) {
      const result = await completing(signal, () =>
        runPsuAgent(scaRedirectUrl, agentIntentOf(script, passwords), { ...agentOptions, steps }),
      );
      evidence?.note(playedNote('headless', steps, result));
      return suiteRedirectOf(result);
    },
  };
}

export interface SuitePsuAgentOptions {
  /** `headless` (default): HTTP only. `browser`: Chromium through Playwright, with screenshots. */
  mode?: 'headless' | 'browser';
  /** The bank's PSU steps: a built-in name or a script (default `workbench-bank`). */
  steps?: PsuSteps | string;
  /** Browser mode: the Chromium to launch (default /usr/bin/chromium). */
  executablePath?: string;
  /** Headless mode: undici dispatcher, e.g. an Agent trusting the bank's test CA. */
  dispatcher?: Dispatcher;
  /** Browser mode: accept the bank's test certificate. */
  ignoreHttpsErrors?: boolean;
  /** Browser mode: TLS client certificates (PEM) per origin, e.g. the QWAC for an mTLS bank. */
  clientCertificates?: { origin: string; cert: Buffer; key: Buffer }[];
  /** The TPP-Redirect-URI the checks send; a redirect there ends the script (see agent.ts). */
  redirectUri?: string;
  /** Pages per SCA before giving up (default 25). */
  maxPages?: number;
  /** The target profile's PSU passwords by login (`${password}` in the PSU script). */
  passwords?: Readonly<Record<string, string>>;
  /** Browser mode: how Chromium is launched (default launchPsuBrowser; tests hold the browser). */
  launch?: () => Promise<Browser>;
}

/** A PsuAgentFactory that may hold a browser: call `close()` when the run is over. */
export interface SuitePsuAgentFactory extends PsuAgentFactory {
  /** Closes the browser, if one was launched; the factory launches a new one if used again. */
  close(): Promise<void>;
}

/**
 * The PSU agent factory a target profile names: headless or browser, with the bank's PSU steps.
 * Browser mode launches one Chromium on first use and gives each SCA a private context of it;
 * every page played leaves a `screenshot` in the check's evidence. Throws a PsuStepsError (naming
 * the wrong field) when `steps` is not a valid script or names no built-in one.
 */
export function suitePsuAgentFactory(options: SuitePsuAgentOptions = {}): SuitePsuAgentFactory {
  const steps = resolvePsuSteps(options.steps ?? DEFAULT_PSU_STEPS);
  const common = {
    steps,
    ...(options.redirectUri !== undefined ? { redirectUri: options.redirectUri } : {}),
    ...(options.maxPages !== undefined ? { maxPages: options.maxPages } : {}),
  };
  if ((options.mode ?? 'headless') === 'headless') {
    const factory = ({ signal }: { signal: AbortSignal }) =>
      createSuitePsuAgent({
        signal,
        ...common,
        ...(options.dispatcher ? { dispatcher: options.dispatcher } : {}),
        ...(options.passwords ? { passwords: options.passwords } : {}),
      });
    return Object.assign(factory, { close: async () => undefined });
  }
  let browser: Promise<Browser> | undefined;
  const launch =
    options.launch ??
    (() =>
      launchPsuBrowser(
        options.executablePath !== undefined ? { executablePath: options.executablePath } : {},
      ));
  const launched = async (): Promise<Browser> => {
    // A browser that crashed or was closed under a check ended that check's SCA only: the next
    // check gets a new one (once, however many checks ask at the same moment).
    const current = browser;
    const open = await current?.catch(() => undefined);
    if (open && !open.isConnected() && browser === current) browser = undefined;
    return (browser ??= launch().catch((error: unknown) => {
      browser = undefined;
      throw error;
    }));
  };
  const factory = ({ signal }: { signal: AbortSignal }): PsuAgent => ({
    async completeSca(scaRedirectUrl, script, evidence?: EvidenceRecorder) {
      const result = await completing(signal, async () =>
        runBrowserPsuAgent(scaRedirectUrl, agentIntentOf(script, options.passwords), {
          ...common,
          browser: await launched(),
          signal,
          ...(options.ignoreHttpsErrors ? { ignoreHttpsErrors: true } : {}),
          ...(options.clientCertificates ? { clientCertificates: options.clientCertificates } : {}),
          onScreenshot: (shot) =>
            evidence?.screenshot({
              step: shot.step,
              url: shot.url,
              pngBase64: shot.png.toString('base64'),
            }),
        }),
      );
      evidence?.note(playedNote('browser', steps, result));
      return suiteRedirectOf(result);
    },
  });
  return Object.assign(factory, {
    async close() {
      const open = browser;
      browser = undefined;
      if (open) await (await open.catch(() => undefined))?.close();
    },
  });
}

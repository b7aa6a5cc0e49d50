/**
 * The SCA window as plain data and functions: a separate
 * window with no preload (so the bank's pages can never reach the workbench API), its own
 * session partition per PSU session (its own cookie jar), and navigation limited to the target
 * bank's origins and the loopback redirect URI, where main captures the redirect.
 */
import type { BrowserWindowConstructorOptions } from 'electron';
import { DEVELOPMENT_BUILD } from './build-flags.js';
import type { RecordingSink } from '../../api/services/tpp/sca-recordings.js';

export interface ScaWindowPlan {
  /** The scaRedirect link the bank returned. */
  scaRedirectUrl: string;
  /** TPP-Redirect-URI of the request: where the bank sends the PSU back (loopback listener). */
  redirectUri: string;
  /** The PSU session, so each gets its own cookie jar. */
  tppSessionId: string;
  /** Further origins of the bank the SCA pages may move between (e.g. a separate login host). */
  extraBankOrigins?: readonly string[];
  /** Record what the PSU does (sca-recorder.ts); the window stays without a preload. */
  recording?: RecordingSink;
}

export function scaPartition(tppSessionId: string): string {
  // Not persisted ("persist:" prefix absent): the cookie jar dies with the window.
  return `sca-${tppSessionId.replace(/[^A-Za-z0-9-]/g, '_').slice(0, 80)}`;
}

export function scaWindowOptions(plan: ScaWindowPlan): BrowserWindowConstructorOptions {
  return {
    width: 520,
    height: 760,
    title: 'Strong customer authentication',
    autoHideMenuBar: true,
    webPreferences: {
      partition: scaPartition(plan.tppSessionId),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
      disableBlinkFeatures: 'Auxclick',
      webSecurity: true,
      allowRunningInsecureContent: false,
      // Deliberately no preload: the bank's pages get no bridge to main.
      // A build-time constant: never an environment variable of the packaged app.
      devTools: DEVELOPMENT_BUILD,
    },
  };
}

function originOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}

export type ScaNavigation =
  | { action: 'allow' }
  /** The bank sent the PSU back: main reads the §6 parameters and closes the window. */
  | { action: 'capture-redirect'; url: string }
  | { action: 'deny'; reason: string };

/** Decides one navigation or redirect of the SCA window. */
export function scaNavigation(plan: ScaWindowPlan, url: string): ScaNavigation {
  const redirect = new URL(plan.redirectUri);
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return { action: 'deny', reason: `not a URL: ${url.slice(0, 100)}` };
  }
  if (target.origin === redirect.origin && target.pathname === redirect.pathname) {
    return { action: 'capture-redirect', url };
  }
  const allowed = new Set([
    originOf(plan.scaRedirectUrl),
    ...(plan.extraBankOrigins ?? []).map(originOf),
  ]);
  if (allowed.has(target.origin)) return { action: 'allow' };
  return {
    action: 'deny',
    reason: `the SCA window only visits the bank (${[...allowed].join(', ')}), not ${target.origin}`,
  };
}

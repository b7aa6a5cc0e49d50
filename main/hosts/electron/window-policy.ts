/**
 * The desktop app's security policy as plain data and functions, so it is asserted in plain Node
 * without launching Electron (issue: Electron shell hardened). The Electron host only applies it.
 */
import type { BrowserWindowConstructorOptions } from 'electron';
import { DEVELOPMENT_BUILD } from './build-flags.js';

/** The renderer is served from this privileged custom scheme, never from file:// or http://. */
export const APP_SCHEME = 'app';
export const APP_ORIGIN = `${APP_SCHEME}://workbench`;
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

export function mainWindowOptions(preloadPath: string): BrowserWindowConstructorOptions {
  return {
    width: 1400,
    height: 900,
    minWidth: 960,
    minHeight: 600,
    show: false,
    title: 'PSD2 Workbench',
    backgroundColor: '#1e1e1e',
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
      // Middle-click (auxclick) could open links outside the app's navigation guards.
      disableBlinkFeatures: 'Auxclick',
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      enableBlinkFeatures: '',
      spellcheck: false,
      // A build-time constant: never an environment variable of the packaged app.
      devTools: DEVELOPMENT_BUILD,
    },
  };
}

/** True for a URL inside the app itself. */
export function isAppUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}` === APP_ORIGIN;
  } catch {
    return false;
  }
}

/** The main window never navigates away from the app (links to banks open in the SCA window). */
export function allowMainWindowNavigation(url: string): boolean {
  return isAppUrl(url);
}

/** Only frames of the app itself may call the contract over IPC. */
export function isTrustedSender(frameUrl: string | undefined): boolean {
  return frameUrl !== undefined && isAppUrl(frameUrl);
}

/**
 * Opens the desktop app's SCA window (policy in sca-window-policy.ts): no preload, its own
 * partition per PSU session, navigation limited to the bank; when the bank sends the PSU back to
 * the loopback redirect URI, the listener in main records the §6 parameters and the window closes.
 */
import type { BrowserWindow as BrowserWindowType, WebContents } from 'electron';
import { scaNavigation, scaWindowOptions, type ScaWindowPlan } from './sca-window-policy.js';
import { recorderConsoleListener, SCA_WINDOW_RECORDER_SCRIPT } from './sca-recorder.js';

/** Web contents that belong to SCA windows: the main window's navigation guard leaves them alone. */
export const scaContents = new WeakSet<WebContents>();

export function createScaWindowOpener(BrowserWindow: typeof BrowserWindowType) {
  const open = new Map<string, BrowserWindowType>();
  return (plan: ScaWindowPlan): void => {
    // One window per PSU session: a second SCA for the same session replaces the first.
    open.get(plan.tppSessionId)?.destroy();
    const window = new BrowserWindow(scaWindowOptions(plan));
    open.set(plan.tppSessionId, window);
    window.on('closed', () => {
      if (open.get(plan.tppSessionId) === window) open.delete(plan.tppSessionId);
    });
    const contents = window.webContents;
    scaContents.add(contents);
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
    const guard = (event: { preventDefault(): void }, url: string) => {
      const decision = scaNavigation(plan, url);
      if (decision.action === 'deny') event.preventDefault();
      // The redirect may load: the loopback listener records it; then the window has done its job.
      if (decision.action === 'capture-redirect')
        contents.once('did-finish-load', () => window.close());
    };
    if (plan.recording) {
      // Recording (docs/sca.md): the script reports on the page's console; no preload needed.
      contents.on('console-message', recorderConsoleListener(plan.recording));
      contents.on('dom-ready', () => {
        void contents.executeJavaScript(SCA_WINDOW_RECORDER_SCRIPT).catch(() => undefined);
      });
    }
    contents.on('will-navigate', guard);
    contents.on('will-redirect', guard);
    // Its partition got the session policy when it was created (main/index.ts, session-created).
    void window.loadURL(plan.scaRedirectUrl);
  };
}

/**
 * The SCA windows the Runner opened for waiting checks (manual SCA), one per check. The bank
 * redirects the window to the run's loopback listener, which main watches; when main says the
 * check resumed, its window has done its job and is closed.
 */
import { openScaWindow, type ScaWindow } from '../../state/open-sca';

const windows = new Map<string, ScaWindow>();

/** Opens the bank's SCA page for a waiting check; false when the browser blocked the popup. */
export function openWaitingSca(key: string, url: string): boolean {
  windows.get(key)?.close();
  const popup = openScaWindow();
  if (!popup.opened) return false;
  popup.show(url);
  windows.set(key, popup);
  return true;
}

export function closeWaitingSca(key: string): void {
  windows.get(key)?.close();
  windows.delete(key);
}

/** One key per check of a run: the same check may wait again in a later run. */
export function waitingKey(runId: string, checkId: string): string {
  return `${runId}:${checkId}`;
}

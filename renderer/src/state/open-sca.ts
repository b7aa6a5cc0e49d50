/**
 * Opens the bank's SCA site for the PSU. The one place that does it, so the Electron host can swap
 * the browser popup for a hardened BrowserWindow. The window is opened at once, inside the click
 * (popup blockers allow only that), and sent to the bank's page when main has announced the SCA.
 * It is not watched from here — a cross-origin window cannot be read: the bank redirects it to
 * main's loopback listener, and main pushes `sca.redirect`.
 */
export interface ScaWindow {
  /** False when the browser blocked the popup: the view then offers the link to open by hand. */
  opened: boolean;
  show(url: string): void;
  close(): void;
}

export function openScaWindow(): ScaWindow {
  const popup = window.open('', 'psd2-workbench-sca', 'popup=yes,width=520,height=760');
  if (popup) popup.document.title = "Opening the bank's SCA page…";
  return {
    opened: popup !== null,
    show: (url) => {
      if (popup && !popup.closed) popup.location.href = url;
    },
    close: () => {
      if (popup && !popup.closed) popup.close();
    },
  };
}

/** The desktop app's SCA window belongs to main: nothing to open or steer from here. */
export const hostScaWindow: ScaWindow = {
  opened: true,
  show: () => undefined,
  close: () => undefined,
};

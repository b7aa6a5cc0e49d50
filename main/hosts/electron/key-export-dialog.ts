/**
 * The desktop app's confirmation of a private key export: a native message box shown by main
 * (key-export-confirmation.ts says why main, not the view). Plain function over the one Electron
 * call it needs, so it is tested without Electron; main/index.ts passes dialog.showMessageBox.
 */
import type { KeyExportRequest } from '../../api/services/certs/key-export-confirmation.js';

/** The slice of Electron's MessageBoxOptions and its result used here. */
export interface KeyExportMessageBox {
  type: 'warning';
  title: string;
  message: string;
  detail: string;
  buttons: string[];
  defaultId: number;
  cancelId: number;
  noLink: boolean;
}

export type ShowMessageBox = (options: KeyExportMessageBox) => Promise<{ response: number }>;

const CANCEL = 0;
const EXPORT = 1;

export function keyExportMessageBox(request: KeyExportRequest): KeyExportMessageBox {
  const container = request.format === 'pkcs12' ? 'PKCS#12 file' : 'encrypted PKCS#8 key file';
  return {
    type: 'warning',
    title: 'Export a private key',
    message: `Export the private key of '${request.label}'${request.kind === 'ca' ? ' (a CA: it can issue certificates)' : ''}?`,
    detail:
      `The key will be saved as a ${container}, encrypted with the passphrase you typed. ` +
      'Anyone with the file and the passphrase can sign or authenticate as its owner. ' +
      'If you did not ask for this export, press Cancel.',
    buttons: ['Cancel', 'Export'],
    // Enter and Escape both cancel: only a deliberate click on Export confirms.
    defaultId: CANCEL,
    cancelId: CANCEL,
    noLink: true,
  };
}

/** Asks with the host's message box; true only for the Export button. */
export function confirmKeyExportWithDialog(
  show: ShowMessageBox,
): (request: KeyExportRequest) => Promise<boolean> {
  return async (request) => {
    const { response } = await show(keyExportMessageBox(request));
    return response === EXPORT;
  };
}

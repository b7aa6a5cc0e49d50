/** Wires the contract onto Electron IPC: one invoke channel for calls, one send channel for events. */
import type { IpcMain, WebContents } from 'electron';
import { ipcChannels, type CallOutcome } from '../../api/contract/index.js';
import { subscribeBatched } from '../../api/events.js';
import type { Services } from '../../api/services/index.js';
import { isTrustedSender } from './window-policy.js';

export function wireIpc(ipcMain: IpcMain, services: Services): () => void {
  ipcMain.handle(
    ipcChannels.call,
    async (event, name: unknown, args: unknown): Promise<CallOutcome> => {
      if (!isTrustedSender(event.senderFrame?.url)) {
        return {
          ok: false,
          error: {
            code: 'FORBIDDEN',
            message: 'Calls are only accepted from the workbench window.',
          },
        };
      }
      return services.dispatch(name, args);
    },
  );
  return () => ipcMain.removeHandler(ipcChannels.call);
}

/** Forwards main's events to one window until it is destroyed. */
export function forwardEvents(webContents: WebContents, services: Services): void {
  const unsubscribe = subscribeBatched(services.events, (events) => {
    if (!webContents.isDestroyed()) webContents.send(ipcChannels.event, events);
  });
  webContents.once('destroyed', unsubscribe);
}

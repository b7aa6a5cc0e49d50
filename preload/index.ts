/**
 * Preload of the workbench window: exposes exactly one object, `window.workbench`, built from the
 * contract. Runs sandboxed (CommonJS, bundled): only `contextBridge` and `ipcRenderer` from Electron.
 */
import { contextBridge, ipcRenderer } from 'electron';
import {
  callNames,
  eventNames,
  ipcChannels,
  type CallName,
  type CallOutcome,
  type EventName,
  type WorkbenchBridge,
} from '../main/api/contract/index.js';

const knownCalls = new Set<string>(callNames);
const knownEvents = new Set<string>(eventNames);
const listeners = new Map<string, Set<(payload: unknown) => void>>();

ipcRenderer.on(ipcChannels.event, (_event, batch: { name: EventName; payload: unknown }[]) => {
  for (const { name, payload } of batch) {
    for (const listener of listeners.get(name) ?? []) listener(payload);
  }
});

const bridge: WorkbenchBridge = {
  call: (async (name: CallName, args: unknown): Promise<CallOutcome> => {
    if (!knownCalls.has(name)) {
      return {
        ok: false,
        error: { code: 'UNKNOWN_CALL', message: `Unknown call ${String(name)}.` },
      };
    }
    return ipcRenderer.invoke(ipcChannels.call, name, args) as Promise<CallOutcome>;
  }) as WorkbenchBridge['call'],
  on: ((name: EventName, listener: (payload: unknown) => void) => {
    if (!knownEvents.has(name)) throw new Error(`Unknown event ${String(name)}.`);
    const set = listeners.get(name) ?? new Set();
    set.add(listener);
    listeners.set(name, set);
    return () => set.delete(listener);
  }) as WorkbenchBridge['on'],
};

contextBridge.exposeInMainWorld('workbench', bridge);

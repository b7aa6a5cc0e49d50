/**
 * The web host's side of the bridge: the contract over one WebSocket to the loopback web host.
 * It speaks the contract's frames (CallFrame, ServerFrame) and behaves like `window.workbench`.
 */
import type {
  CallFrame,
  CallOutcome,
  ServerFrame,
  WorkbenchBridge,
} from '../../../main/api/contract';

const TOKEN_KEY = 'workbench.token';

/** The per-launch token arrives in the URL fragment; keep it for reloads, then hide it. */
export function takeLaunchToken(): string | null {
  const match = /(?:^#|&)token=([^&]+)/.exec(window.location.hash);
  if (match?.[1]) {
    sessionStorage.setItem(TOKEN_KEY, match[1]);
    history.replaceState(null, '', window.location.pathname + window.location.search);
  }
  return sessionStorage.getItem(TOKEN_KEY);
}

export function createWebSocketBridge(token: string): WorkbenchBridge {
  const url = `ws://${window.location.host}/api?token=${encodeURIComponent(token)}`;
  const pending = new Map<number, (outcome: CallOutcome) => void>();
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  let nextId = 1;
  let socket: Promise<WebSocket> | null = null;

  const failAll = (message: string) => {
    for (const resolve of pending.values()) {
      resolve({ ok: false, error: { code: 'FAILED', message } });
    }
    pending.clear();
  };

  const connect = (): Promise<WebSocket> =>
    new Promise((resolve, reject) => {
      const ws = new WebSocket(url);
      ws.onopen = () => resolve(ws);
      ws.onerror = () => reject(new Error('Cannot reach the workbench web host.'));
      ws.onclose = () => {
        socket = null;
        failAll('The connection to the workbench web host closed. Reload the page to reconnect.');
      };
      ws.onmessage = (message) => {
        const frame = JSON.parse(String(message.data)) as ServerFrame;
        if (frame.type === 'result') {
          pending.get(frame.id)?.(frame.outcome);
          pending.delete(frame.id);
        } else if (frame.type === 'events') {
          for (const { name, payload } of frame.events) {
            for (const listener of listeners.get(name) ?? []) listener(payload);
          }
        }
      };
    });

  const ensureSocket = () => (socket ??= connect());

  return {
    call: (async (name: string, args: unknown): Promise<CallOutcome> => {
      let ws: WebSocket;
      try {
        ws = await ensureSocket();
      } catch (error) {
        socket = null;
        return { ok: false, error: { code: 'FAILED', message: (error as Error).message } };
      }
      const id = nextId++;
      const frame: CallFrame = { type: 'call', id, name, args };
      return new Promise<CallOutcome>((resolve) => {
        pending.set(id, resolve);
        ws.send(JSON.stringify(frame));
      });
    }) as WorkbenchBridge['call'],
    on: ((name: string, listener: (payload: unknown) => void) => {
      void ensureSocket().catch(() => undefined);
      const set = listeners.get(name) ?? new Set();
      set.add(listener);
      listeners.set(name, set);
      return () => set.delete(listener);
    }) as WorkbenchBridge['on'],
  };
}

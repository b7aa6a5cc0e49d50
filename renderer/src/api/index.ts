/**
 * The renderer's only way to main: `window.workbench` in the desktop app (preload), the WebSocket
 * bridge in a browser tab served by the web host. Components call `api.call(...)` and `api.on(...)`.
 */
import type {
  CallArgs,
  CallName,
  CallResult,
  ContractError,
  EventName,
  EventPayload,
  WorkbenchBridge,
} from '../../../main/api/contract';
import { createWebSocketBridge, takeLaunchToken } from './websocket-bridge';

declare global {
  interface Window {
    workbench?: WorkbenchBridge;
  }
}

/** A refused or failed call, carrying the contract's typed error. */
export class ApiError extends Error {
  constructor(readonly error: ContractError) {
    super(error.details?.length ? `${error.message} ${error.details.join('; ')}` : error.message);
    this.name = 'ApiError';
  }
}

function pickBridge(): WorkbenchBridge | null {
  // No window outside a page (unit tests import stores): no bridge, calls fail with ApiError.
  if (typeof window === 'undefined') return null;
  if (window.workbench) return window.workbench;
  const token = takeLaunchToken();
  return token ? createWebSocketBridge(token) : null;
}

const bridge = pickBridge();

export const api = {
  /** Null when the page was opened without the launch token (web host) — the UI says so. */
  available: bridge !== null,
  /** 'electron' when main is the desktop app (it opens windows such as the SCA window itself). */
  host: bridge !== null && bridge === window.workbench ? ('electron' as const) : ('web' as const),
  async call<N extends CallName>(name: N, args: CallArgs<N>): Promise<CallResult<N>> {
    if (!bridge) throw new ApiError({ code: 'FORBIDDEN', message: 'No connection to main.' });
    const outcome = await bridge.call(name, args);
    if (!outcome.ok) throw new ApiError(outcome.error);
    return outcome.result;
  },
  on<N extends EventName>(name: N, listener: (payload: EventPayload<N>) => void): () => void {
    return bridge ? bridge.on(name, listener) : () => undefined;
  },
};

/**
 * The composition root: builds every main-process service once and exposes them as the
 * contract's implementation. Hosts (Electron, web, CLI) differ only in what they pass in.
 */
import { createDispatcher, type Dispatch, type Implementation } from './dispatch.js';
import { EventHub } from './events.js';
import type { AppInfo, HostKind } from './contract.js';
import { productInfo } from '../core/product.js';

export interface HostEnvironment {
  kind: HostKind;
  /** Runtime versions the host adds (Electron and Chrome in the desktop app). */
  versions?: { electron?: string; chrome?: string };
}

export interface Services {
  dispatch: Dispatch;
  events: EventHub;
  dispose(): Promise<void>;
}

export function createServices(host: HostEnvironment): Services {
  const events = new EventHub();
  let pongSeq = 0;

  const appInfo = (): AppInfo => ({
    name: productInfo.name,
    version: productInfo.version,
    host: host.kind,
    platform: `${process.platform}-${process.arch}`,
    versions: { node: process.versions.node, v8: process.versions.v8, ...host.versions },
  });

  const implementation: Implementation = {
    'app.info': () => appInfo(),
    'diagnostics.ping': ({ message }) => {
      const receivedAt = new Date().toISOString();
      // After the answer: the view sees the result first, then the event.
      setImmediate(() =>
        events.emit('diagnostics.pong', {
          message,
          seq: ++pongSeq,
          sentAt: new Date().toISOString(),
        }),
      );
      return { message, receivedAt };
    },
  };

  return {
    dispatch: createDispatcher(implementation),
    events,
    dispose: async () => {},
  };
}

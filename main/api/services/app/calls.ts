/** The application's calls (contract/app.ts): what runs where, the view shown, a ping. */
import { productInfo } from '../../../core/product.js';
import type { AppInfo } from '../../contract/index.js';
import type { EventHub } from '../../events.js';
import type { AreaCalls } from '../area-calls.js';

export interface AppHost {
  kind: AppInfo['host'];
  versions?: { electron?: string; chrome?: string };
}

export function implementAppCalls(
  host: AppHost,
  events: EventHub,
): AreaCalls<'app' | 'diagnostics'> {
  let pongSeq = 0;
  const appInfo = (): AppInfo => ({
    name: productInfo.name,
    version: productInfo.version,
    host: host.kind,
    platform: `${process.platform}-${process.arch}`,
    versions: { node: process.versions.node, v8: process.versions.v8, ...host.versions },
  });
  return {
    'app.info': () => appInfo(),
    'app.viewShown': ({ view }) => {
      events.emit('app.viewShown', { view });
      return { view };
    },
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
}

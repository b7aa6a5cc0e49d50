/** The workbench itself: what it is and whether the bridge works. */
import { Type } from '@sinclair/typebox';
import { call, event } from './define.js';

export type HostKind = 'electron' | 'web';

export interface AppInfo {
  name: string;
  version: string;
  host: HostKind;
  platform: string;
  versions: { node: string; electron?: string; chrome?: string; v8: string };
}

export interface PingResult {
  /** The message as main received it. */
  message: string;
  /** When main received the call (ISO 8601). */
  receivedAt: string;
}

export interface PongEvent {
  message: string;
  /** Sequence number of this pong since main started: proves events are ordered and not replayed. */
  seq: number;
  sentAt: string;
}

/** A view of the workbench by its section id (renderer/src/app/sections.ts), e.g. `runner`. */
export const VIEW_ID_PATTERN = '^[a-z][a-z0-9-]{0,39}$';

export interface ViewShownEvent {
  view: string;
}

export const appCalls = {
  'app.info': call<AppInfo>()(
    'Name, version and runtime versions of the workbench and the host it runs in.',
    Type.Object({}, { additionalProperties: false }),
  ),
  'diagnostics.ping': call<PingResult>()(
    'Round trip through the bridge: main answers the call and then pushes a `diagnostics.pong` ' +
      'event with the same message, so a view can measure both directions.',
    Type.Object({ message: Type.String({ maxLength: 1024 }) }, { additionalProperties: false }),
  ),
  'app.viewShown': call<ViewShownEvent>()(
    'The view the user opened: main passes it on as `app.viewShown`, so a host that remembers ' +
      'its window (the desktop app) opens on it next time.',
    Type.Object(
      { view: Type.String({ pattern: VIEW_ID_PATTERN }) },
      { additionalProperties: false },
    ),
  ),
};

export const appEvents = {
  'diagnostics.pong': event<PongEvent>('Pushed after each `diagnostics.ping`.'),
  'app.viewShown': event<ViewShownEvent>('A view was opened (after each `app.viewShown` call).'),
};

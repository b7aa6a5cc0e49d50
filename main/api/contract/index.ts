/**
 * The one contract between main and every view of it (design property 3 of docs/architecture.md).
 *
 * Each call names its argument schema (JSON Schema via TypeBox, validated at runtime by every host
 * before the implementation runs) and its result type; each event names its payload type. Preload,
 * the web host and the renderer's `api` client are derived from this module — adding a call is one
 * entry here plus one implementation in `main/api/services`.
 *
 * The renderer may only `import type` from here (enforced by ESLint), so this file must stay free
 * of Node-only imports: it is type-checked under both the node and the web tsconfig.
 */
import type { Static, TSchema } from '@sinclair/typebox';
import type { CallSpec, EventSpec } from './define.js';
import { appCalls, appEvents } from './app.js';
import { bankBatchCalls, bankCalls, bankConsoleCalls, bankEvents } from './bank.js';
import { certsCalls, certsEvents } from './certs.js';
import { planCalls, planEvents } from './plans.js';
import { collectionsCalls, collectionsEvents } from './collections.js';
import { settingsCalls, settingsEvents } from './settings.js';
import { targetsCalls, targetsEvents } from './targets.js';
import { tppCalls, tppEvents } from './tpp.js';
import { runnerCalls, runnerEvents } from './runner.js';
import { workspaceCalls, workspaceEvents } from './workspace.js';

export type { CallSpec, EventSpec } from './define.js';
export type * from './app.js';
export type * from './bank.js';
export type * from './certs.js';
export type * from './plans.js';
export type * from './collections.js';
export type * from './settings.js';
export type * from './targets.js';
export type * from './tpp.js';
export type * from './runner.js';
export type * from './workspace.js';

export const contract = {
  calls: {
    ...appCalls,
    ...bankCalls,
    ...bankConsoleCalls,
    ...bankBatchCalls,
    ...planCalls,
    ...certsCalls,
    ...targetsCalls,
    ...tppCalls,
    ...collectionsCalls,
    ...settingsCalls,
    ...runnerCalls,
    ...workspaceCalls,
  },
  events: {
    ...appEvents,
    ...bankEvents,
    ...planEvents,
    ...certsEvents,
    ...targetsEvents,
    ...tppEvents,
    ...collectionsEvents,
    ...settingsEvents,
    ...runnerEvents,
    ...workspaceEvents,
  },
} as const;

// ---- derived types: what hosts and views are written against ------------------------------

export type Contract = typeof contract;
export type CallName = keyof Contract['calls'];
export type EventName = keyof Contract['events'];
export type CallArgs<N extends CallName> = Static<Contract['calls'][N]['args']>;
export type CallResult<N extends CallName> =
  Contract['calls'][N] extends CallSpec<TSchema, infer R> ? R : never;
export type EventPayload<N extends EventName> =
  Contract['events'][N] extends EventSpec<infer P> ? P : never;

/** Why a call failed, as every host reports it. */
export type ContractErrorCode =
  | 'UNKNOWN_CALL' // the name is not in the contract
  | 'INVALID_ARGUMENTS' // the arguments do not match the call's schema
  | 'FORBIDDEN' // the caller is not allowed (wrong frame, wrong origin, no token)
  | 'FAILED'; // the implementation refused or failed; `message` says why

export interface ContractError {
  code: ContractErrorCode;
  message: string;
  /** Validation details, one line per problem (`/path: what is wrong`). */
  details?: string[];
}

/** The wire form of a call's answer, identical over IPC and the WebSocket bridge. */
export type CallOutcome<R = unknown> =
  { ok: true; result: R } | { ok: false; error: ContractError };

/** The object a view talks to: `window.workbench` in Electron, the WebSocket client in a browser.
 * */
export interface WorkbenchBridge {
  call<N extends CallName>(name: N, args: CallArgs<N>): Promise<CallOutcome<CallResult<N>>>;
  on<N extends EventName>(name: N, listener: (payload: EventPayload<N>) => void): () => void;
}

/** A call frame of the web host's WebSocket bridge (renderer → main). */
export interface CallFrame {
  type: 'call';
  id: number;
  name: string;
  args: unknown;
}

/** The web host's frames towards the renderer: one answer, or a batch of events. */
export type ServerFrame =
  | { type: 'result'; id: number; outcome: CallOutcome }
  | { type: 'events'; events: { name: EventName; payload: unknown }[] }
  | { type: 'protocol-error'; message: string };

/** The IPC channel names: the only two, so no loose channel strings live anywhere else. */
export const ipcChannels = { call: 'workbench:call', event: 'workbench:event' } as const;

export const callNames = Object.keys(contract.calls) as CallName[];
export const eventNames = Object.keys(contract.events) as EventName[];

/**
 * The composer store's variables: loaded from the host, captured from each answer and from the PSU
 * session after SCA, switched between environments, edited; every change saved through the
 * contract (workspace.saveVariables), so they survive a reload. The rules are in variables.ts and
 * environments.ts. Environment files (Postman, Bruno) go in and out through the contract
 * (workspace.importEnvironment / exportEnvironment), which reads and writes the formats.
 */
import type {
  EnvironmentFormat,
  ExchangeView,
  WorkspaceVariablesView,
} from '../../../../main/api/contract';
import { api } from '../../api';
import { downloadText } from '../../lib/download';
import {
  capturedInto,
  switchedTo,
  withEnvironment,
  withoutVariable,
  withSecretMark,
  withVariable,
  type TargetVariables,
} from './environments';
import { capturedFrom, capturedFromSession } from './variables';
import type { StoreApi } from 'zustand';

export interface VariablesState {
  /** Per target: its environments of variables, for pickers and `{{name}}`. */
  variables: WorkspaceVariablesView;
  variablesError?: unknown;
  loadVariables(): Promise<void>;
  receivedVariables(variables: WorkspaceVariablesView): void;
  /** The ids an answer carried, into its target's active environment. */
  captureFrom(exchange: ExchangeView): void;
  /** The PSU-ID and PSU-Corporate-ID the PSU session holds after SCA. */
  captureSession(
    targetId: string,
    session: { psuId?: string | null; psuCorporateId?: string | null },
  ): void;
  newEnvironment(targetId: string, name: string): void;
  switchEnvironment(targetId: string, name: string): void;
  setVariable(targetId: string, name: string, value: string, secret?: boolean): void;
  /** Marks a variable of the active environment secret, or not (docs/variables.md). */
  markSecret(targetId: string, name: string, secret: boolean): void;
  removeVariable(targetId: string, name: string): void;
  /** What the last environment file import or export did, and what it left out. */
  environmentReport?: { said: string; notes: string[] };
  /** A Postman environment file or a Bruno `.bru` one, as a new environment of the target. */
  importEnvironment(targetId: string, file: { name: string; text: string }): Promise<void>;
  /** One environment as a Postman or Bruno environment file, downloaded. */
  exportEnvironment(
    targetId: string,
    environment: string,
    format: EnvironmentFormat,
  ): Promise<void>;
}

/** The format an environment file is in: a `.bru` file is Bruno's, any other Postman's. */
export function environmentFormatOf(fileName: string): EnvironmentFormat {
  return /\.bru$/i.test(fileName) ? 'bruno' : 'postman';
}

type Set = StoreApi<VariablesState>['setState'];
type Get = StoreApi<VariablesState>['getState'];

export function variablesActions(set: Set, get: Get): VariablesState {
  /** Applies `change` to one target's variables and saves them; a refusal is shown, not lost. */
  const change = (targetId: string, next: (current?: TargetVariables) => TargetVariables) => {
    const current = get().variables[targetId];
    const variables = next(current);
    if (variables === current) return;
    set((state) => ({ variables: { ...state.variables, [targetId]: variables } }));
    api.call('workspace.saveVariables', { targetId, variables }).then(
      () => set({ variablesError: undefined }),
      (variablesError: unknown) => set({ variablesError }),
    );
  };
  return {
    variables: {},
    async loadVariables() {
      try {
        set({ variables: await api.call('workspace.variables', {}), variablesError: undefined });
      } catch (variablesError) {
        set({ variablesError });
      }
    },
    receivedVariables: (variables) => set({ variables }),
    captureFrom(exchange) {
      const found = capturedFrom(exchange.response?.json);
      if (Object.keys(found).length === 0) return;
      const from = `${exchange.request.method} ${new URL(exchange.request.url).pathname}`;
      change(exchange.targetId, (current) => capturedInto(current, found, from));
    },
    captureSession(targetId, session) {
      const found = capturedFromSession(session);
      const current = get().variables[targetId]?.environments;
      const active = current && get().variables[targetId]!.active;
      const known = active ? current[active] : undefined;
      // Only what changed: every session event would otherwise save the same values again.
      const fresh = Object.fromEntries(
        Object.entries(found).filter(([name, [value]]) => known?.[name]?.[0]?.value !== value),
      );
      if (Object.keys(fresh).length === 0) return;
      change(targetId, (target) => capturedInto(target, fresh, 'the PSU session (SCA)'));
    },
    newEnvironment: (targetId, name) =>
      change(targetId, (current) => withEnvironment(current, name)),
    switchEnvironment: (targetId, name) => change(targetId, (current) => switchedTo(current, name)),
    setVariable: (targetId, name, value, secret) =>
      change(targetId, (current) => withVariable(current, name, value, secret)),
    markSecret: (targetId, name, secret) =>
      change(targetId, (current) => (current ? withSecretMark(current, name, secret) : current!)),
    removeVariable: (targetId, name) =>
      change(targetId, (current) => (current ? withoutVariable(current, name) : current!)),
    async importEnvironment(targetId, file) {
      set({ variablesError: undefined, environmentReport: undefined });
      try {
        const result = await api.call('workspace.importEnvironment', {
          targetId,
          format: environmentFormatOf(file.name),
          text: file.text,
          fileName: file.name,
        });
        set({
          variables: result.variables,
          environmentReport: {
            said: `Imported the environment “${result.imported}”`,
            notes: result.notes,
          },
        });
      } catch (variablesError) {
        set({ variablesError });
      }
    },
    async exportEnvironment(targetId, environment, format) {
      set({ variablesError: undefined, environmentReport: undefined });
      try {
        const file = await api.call('workspace.exportEnvironment', {
          targetId,
          environment,
          format,
        });
        downloadText(
          file.fileName,
          file.text,
          format === 'postman' ? 'application/json' : 'text/plain',
        );
        set({ environmentReport: { said: `Exported ${file.fileName}`, notes: file.notes } });
      } catch (variablesError) {
        set({ variablesError });
      }
    },
  };
}

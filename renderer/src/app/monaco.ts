/**
 * Monaco, offline: the editor and the JSON language come from the bundle, their web workers are
 * Vite worker chunks served by the app itself, and @monaco-editor/react is told to use this copy
 * instead of loading one from a CDN.
 */
import * as monaco from 'monaco-editor/editor';
import 'monaco-editor/features/register.all';
import { jsonDefaults } from 'monaco-editor/languages/features/json/register';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import JsonWorker from 'monaco-editor/languages/features/json/json.worker?worker';
import { loader } from '@monaco-editor/react';
import type { SpecSchemaView, Theme } from '../../../main/api/contract';

self.MonacoEnvironment = {
  getWorker: (_workerId: string, label: string) =>
    label === 'json' ? new JsonWorker() : new EditorWorker(),
};

loader.config({ monaco });

/** The composer body's model: the one file the endpoint's schema applies to. */
export const BODY_MODEL_PATH = 'composer-body.json';

/**
 * Live validation against the bank's own schemas (design property 5 of docs/architecture.md): every
 * spec schema is
 * registered (so references resolve); the chosen endpoint's applies to the body. Nothing is
 * fetched: `enableSchemaRequest: false`. Enum values (currencies, countries…) become completions.
 */
export function applyBodySchema(schemas: SpecSchemaView[], bodySchemaId: string | undefined) {
  jsonDefaults.setDiagnosticsOptions({
    validate: true,
    allowComments: false,
    enableSchemaRequest: false,
    schemaValidation: 'error',
    schemas: schemas.map((entry) => ({
      uri: entry.uri,
      schema: entry.schema,
      ...(entry.uri === bodySchemaId ? { fileMatch: [BODY_MODEL_PATH] } : {}),
    })),
  });
}

export function monacoTheme(theme: Theme): string {
  return theme === 'light' ? 'vs' : 'vs-dark';
}

export { monaco, jsonDefaults };

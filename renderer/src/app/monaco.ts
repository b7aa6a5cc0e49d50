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

self.MonacoEnvironment = {
  getWorker: (_workerId: string, label: string) =>
    label === 'json' ? new JsonWorker() : new EditorWorker(),
};

loader.config({ monaco });

export { monaco, jsonDefaults };

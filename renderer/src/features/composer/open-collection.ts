/**
 * The collection whose request the composer shows, and its variables: `{{name}}` takes a
 * collection variable's value unless the target has captured a value of the same name. With them,
 * the scripts an import kept for that request, shown read-only and never run.
 */
import { create } from 'zustand';
import type { ScriptsSection } from './saved-scripts';

interface OpenCollectionState {
  name?: string;
  values: Record<string, string>;
  scripts: ScriptsSection[];
  open(name: string | undefined, values: Record<string, string>, scripts?: ScriptsSection[]): void;
}

export const useOpenCollection = create<OpenCollectionState>((set) => ({
  values: {},
  scripts: [],
  open: (name, values, scripts = []) => set({ name, values, scripts }),
}));

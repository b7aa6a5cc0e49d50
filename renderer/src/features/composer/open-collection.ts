/**
 * The collection whose request the composer shows, and its variables: `{{name}}` takes a
 * collection variable's value unless the target has captured a value of the same name.
 */
import { create } from 'zustand';

interface OpenCollectionState {
  name?: string;
  values: Record<string, string>;
  open(name: string | undefined, values: Record<string, string>): void;
}

export const useOpenCollection = create<OpenCollectionState>((set) => ({
  values: {},
  open: (name, values) => set({ name, values }),
}));

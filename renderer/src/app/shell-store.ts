/** Which section of the workbench is open. */
import { create } from 'zustand';

export type Section = 'composer' | 'about';

interface ShellState {
  section: Section;
  open(section: Section): void;
}

export const useShellStore = create<ShellState>((set) => ({
  section: 'composer',
  open: (section) => set({ section }),
}));

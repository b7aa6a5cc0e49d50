/** Which section of the workbench is open, and whether the shortcut help is shown. */
import { create } from 'zustand';

export type Section =
  'certificates' | 'composer' | 'bank' | 'runner' | 'history' | 'settings' | 'about';

interface ShellState {
  section: Section;
  helpOpen: boolean;
  open(section: Section): void;
  toggleHelp(open?: boolean): void;
}

export const useShellStore = create<ShellState>((set) => ({
  section: 'composer',
  helpOpen: false,
  open: (section) => set({ section }),
  toggleHelp: (open) => set((state) => ({ helpOpen: open ?? !state.helpOpen })),
}));

/** Which section of the workbench is open, and whether the shortcut help is shown. */
import { create } from 'zustand';

export const SECTION_IDS = [
  'certificates',
  'composer',
  'bank',
  'runner',
  'tpp-plan',
  'history',
  'settings',
  'about',
] as const;
export type Section = (typeof SECTION_IDS)[number];

const DEFAULT_SECTION: Section = 'composer';

/**
 * The section to open with: `?view=<section>` of the page's address (the desktop app opens on the
 * view it remembered), else the composer. An unknown view is ignored.
 */
export function sectionFromSearch(search: string): Section {
  const view = new URLSearchParams(search).get('view');
  return SECTION_IDS.find((id) => id === view) ?? DEFAULT_SECTION;
}

interface ShellState {
  section: Section;
  helpOpen: boolean;
  open(section: Section): void;
  toggleHelp(open?: boolean): void;
}

export const useShellStore = create<ShellState>((set) => ({
  section: sectionFromSearch(globalThis.location?.search ?? ''),
  helpOpen: false,
  open: (section) => set({ section }),
  toggleHelp: (open) => set((state) => ({ helpOpen: open ?? !state.helpOpen })),
}));

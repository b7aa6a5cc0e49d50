/**
 * The navigation: one list for the nav, the Alt+digit shortcuts and the help overlay.
 */
import type { Section } from './shell-store';

export const SECTIONS: { id: Section; label: string; key?: string }[] = [
  { id: 'certificates', label: 'Certificates', key: '1' },
  { id: 'composer', label: 'Composer', key: '2' },
  { id: 'bank', label: 'Bank', key: '3' },
  { id: 'runner', label: 'Runner', key: '4' },
  { id: 'tpp-plan', label: 'Test my TPP', key: '7' },
  { id: 'history', label: 'History', key: '5' },
  { id: 'settings', label: 'Settings', key: '6' },
  { id: 'about', label: 'About' },
];

/** Every keyboard shortcut, as the help overlay lists it. */
export const SHORTCUTS: { keys: string; does: string }[] = [
  { keys: 'Ctrl/⌘ + Enter', does: 'Send the request (Composer, also inside the body editor)' },
  { keys: 'Esc (body editor)', does: 'Leave the body editor (Tab indents there)' },
  {
    keys: 'Ctrl + M',
    does: 'In an editor: Tab moves the focus out of it instead of indenting (again: Tab indents)',
  },
  {
    keys: '↑ ↓ Home End',
    does: "In the sequence diagram: move between steps; Enter opens the step's exchange",
  },
  { keys: '?', does: 'Show or hide this list' },
  { keys: 'Esc', does: 'Close this list' },
  ...SECTIONS.filter((s) => s.key).map((s) => ({
    keys: `Alt + ${s.key}`,
    does: `Open ${s.label}`,
  })),
];

/** True when the key press is meant for a text field, where `?` must type a question mark. */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) ||
    target.closest('.monaco-editor') !== null
  );
}

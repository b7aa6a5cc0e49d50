import { useEffect, useRef } from 'react';
import { SHORTCUTS } from './sections';
import { useShellStore } from './shell-store';

/** The keyboard shortcuts (`?`), as a modal dialog. */
export function HelpOverlay() {
  const { helpOpen, toggleHelp } = useShellStore();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (helpOpen && !element.open) element.showModal();
    if (!helpOpen && element.open) element.close();
  }, [helpOpen]);
  return (
    <dialog
      ref={dialog}
      className="help"
      aria-labelledby="help-title"
      data-testid="help-overlay"
      onClose={() => toggleHelp(false)}
    >
      <h2 id="help-title">Keyboard shortcuts</h2>
      <table>
        <tbody>
          {SHORTCUTS.map((shortcut) => (
            <tr key={shortcut.keys}>
              <th scope="row">
                <kbd>{shortcut.keys}</kbd>
              </th>
              <td>{shortcut.does}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <button type="button" onClick={() => toggleHelp(false)}>
        Close
      </button>
    </dialog>
  );
}

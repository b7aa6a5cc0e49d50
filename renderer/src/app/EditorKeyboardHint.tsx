import { useEffect, useState } from 'react';

/** True while the keyboard focus is inside a Monaco editor. */
function useFocusInEditor(): boolean {
  const [inEditor, setInEditor] = useState(false);
  useEffect(() => {
    const update = () =>
      setInEditor(
        document.activeElement?.closest('.monaco-editor') !== null && !!document.activeElement,
      );
    document.addEventListener('focusin', update);
    document.addEventListener('focusout', update);
    return () => {
      document.removeEventListener('focusin', update);
      document.removeEventListener('focusout', update);
    };
  }, []);
  return inEditor;
}

/**
 * In an editor Tab indents, so Tab alone cannot leave it (WCAG 2.1.2): this says how, while the
 * focus is there. Esc is the body editor's own exit (BodyEditor); Ctrl+M is Monaco's "Tab moves
 * focus" switch. The help (?) lists both.
 */
export function EditorKeyboardHint() {
  const inEditor = useFocusInEditor();
  if (!inEditor) return null;
  return (
    <p className="editor-hint" role="note" data-testid="editor-keyboard-hint">
      Tab indents here. <kbd>Esc</kbd> leaves the editor; <kbd>Ctrl</kbd>+<kbd>M</kbd> switches Tab
      to moving the focus on, and back.
    </p>
  );
}

import { useEffect, useRef } from 'react';
import Editor, { type OnMount } from '@monaco-editor/react';
import type { SpecSchemaView, Theme } from '../../../../../main/api/contract';
import { BODY_MODEL_PATH, applyBodySchema, monaco, monacoTheme } from '../../../app/monaco';

export interface EditorProblem {
  line: number;
  message: string;
}

interface BodyEditorProps {
  value: string;
  onChange(value: string): void;
  schemas: SpecSchemaView[];
  /** `$id` of the chosen endpoint's body schema; none: JSON syntax only. */
  schemaId: string | undefined;
  theme: Theme;
  /** Ctrl/Cmd+Enter inside the editor. */
  onSubmit(): void;
  onProblems(problems: EditorProblem[]): void;
}

/** The JSON body editor: Monaco, bundled, validating live against the bank's schemas. */
export function BodyEditor(props: BodyEditorProps) {
  const { value, onChange, schemas, schemaId, theme, onProblems } = props;
  // The editor's command is registered once; it must call the latest onSubmit.
  const submit = useRef(props.onSubmit);
  submit.current = props.onSubmit;

  useEffect(() => {
    applyBodySchema(schemas, schemaId);
  }, [schemas, schemaId]);

  const container = useRef<HTMLDivElement>(null);
  const mount: OnMount = (editor) => {
    editor.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter, () => submit.current());
    // Escape leaves the editor (Tab indents inside it): focus moves to what follows it. Not
    // while one of the editor's own widgets is open: Escape closes that first.
    editor.addCommand(
      monaco.KeyCode.Escape,
      () => focusAfter(container.current),
      '!suggestWidgetVisible && !findWidgetVisible && !parameterHintsVisible && !renameInputVisible',
    );
  };

  return (
    <div
      className="body-editor"
      data-testid="body-editor"
      id="request-body"
      ref={container}
      title="Esc leaves the editor; Ctrl+Enter sends"
    >
      <Editor
        height="280px"
        language="json"
        path={BODY_MODEL_PATH}
        theme={monacoTheme(theme)}
        value={value}
        onChange={(next) => onChange(next ?? '')}
        onMount={mount}
        onValidate={(markers) =>
          onProblems(
            markers.map((marker) => ({ line: marker.startLineNumber, message: marker.message })),
          )
        }
        options={{
          minimap: { enabled: false },
          fontSize: 13,
          scrollBeyondLastLine: false,
          automaticLayout: true,
          ariaLabel: 'Request body (JSON)',
        }}
      />
    </div>
  );
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/** Focuses the first focusable element after `element` in document order (else blurs). */
function focusAfter(element: HTMLElement | null) {
  if (!element) return;
  const next = [...document.querySelectorAll<HTMLElement>(FOCUSABLE)].find(
    (candidate) =>
      !element.contains(candidate) &&
      element.compareDocumentPosition(candidate) & Node.DOCUMENT_POSITION_FOLLOWING,
  );
  if (next) next.focus();
  else (document.activeElement as HTMLElement | null)?.blur();
}

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

  const mount: OnMount = (editor) => {
    editor.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter, () => submit.current());
  };

  return (
    <div className="body-editor" data-testid="body-editor" id="request-body">
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

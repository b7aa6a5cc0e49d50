import Editor from '@monaco-editor/react';
import '../../app/monaco';

interface BodyEditorProps {
  value: string;
  onChange(value: string): void;
}

/** The JSON body editor (Monaco, bundled; schemas are attached per endpoint by the composer). */
export function BodyEditor({ value, onChange }: BodyEditorProps) {
  return (
    <div className="body-editor" data-testid="body-editor" id="request-body">
      <Editor
        height="320px"
        language="json"
        theme="vs-dark"
        value={value}
        onChange={(next) => onChange(next ?? '')}
        options={{ minimap: { enabled: false }, fontSize: 13, scrollBeyondLastLine: false }}
      />
    </div>
  );
}

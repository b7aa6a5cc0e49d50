import { useId } from 'react';
import type { CollectionImportFormat } from '../../../../../main/api/contract';
import { useCollectionsStore } from '../collections-store';

interface PickerProps {
  label: string;
  accept?: string;
  folder?: boolean;
  testId: string;
  onFiles(files: File[]): void;
  disabled: boolean;
}

/** A file (or folder) input shown as a button. */
function Picker({ label, accept, folder, testId, onFiles, disabled }: PickerProps) {
  const id = useId();
  // React knows no webkitdirectory attribute; the browser reads it from the element.
  const folderAttributes = folder ? { webkitdirectory: '', directory: '' } : {};
  return (
    <span className="file-button">
      <input
        id={id}
        type="file"
        className="visually-hidden"
        accept={accept}
        disabled={disabled}
        data-testid={testId}
        {...folderAttributes}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          if (files.length) onFiles(files);
        }}
      />
      {/* After the input, so its keyboard focus can show on the label (styles.css). */}
      <label htmlFor={id} className="button-like">
        {label}
      </label>
    </span>
  );
}

/** Import buttons: Postman v2.1, a Bruno folder or zip, an OpenAPI file or the target's. */
export function CollectionImports({ targetId }: { targetId: string | undefined }) {
  const { import: run, busy } = useCollectionsStore();
  const file = (format: CollectionImportFormat) => (files: File[]) =>
    void run(format, { kind: 'file', file: files[0]! });
  return (
    <div className="collection-imports" role="group" aria-label="Import a collection">
      <Picker
        label="Import Postman v2.1…"
        accept=".json,application/json"
        testId="import-postman"
        onFiles={file('postman')}
        disabled={busy}
      />
      <Picker
        label="Import Bruno folder…"
        folder
        testId="import-bruno-folder"
        onFiles={(files) => void run('bruno', { kind: 'folder', files })}
        disabled={busy}
      />
      <Picker
        label="Import Bruno zip…"
        accept=".zip,application/zip"
        testId="import-bruno-zip"
        onFiles={file('bruno')}
        disabled={busy}
      />
      <Picker
        label="Import OpenAPI (JSON)…"
        accept=".json,application/json"
        testId="import-openapi"
        onFiles={file('openapi')}
        disabled={busy}
      />
      <button
        type="button"
        data-testid="import-target-openapi"
        disabled={busy || !targetId}
        onClick={() => targetId && void run('openapi', { kind: 'target', targetId })}
      >
        From the target’s /openapi.json
      </button>
    </div>
  );
}

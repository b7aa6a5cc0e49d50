import { useId, useState } from 'react';
import type { CollectionImportFormat } from '../../../../../main/api/contract';
import { useCollectionsStore } from '../collections-store';

/** The Berlin Group publishes its OpenAPI as YAML; banks serve JSON. */
const OPENAPI_FILES = '.json,.yaml,.yml,application/json,application/yaml';
const JSON_FILES = '.json,application/json';
const ZIP_FILES = '.zip,application/zip';
const HAR_FILES = '.har,.json,application/json';

interface PickerProps {
  label: string;
  accept?: string | undefined;
  folder?: boolean | undefined;
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

/** The file imports: the button, what it accepts, and whether it takes a folder. */
const PICKERS: {
  format: CollectionImportFormat;
  label: string;
  testId: string;
  accept?: string;
  folder?: boolean;
}[] = [
  {
    format: 'postman',
    label: 'Import Postman v2.1…',
    testId: 'import-postman',
    accept: JSON_FILES,
  },
  { format: 'bruno', label: 'Import Bruno folder…', testId: 'import-bruno-folder', folder: true },
  { format: 'bruno', label: 'Import Bruno zip…', testId: 'import-bruno-zip', accept: ZIP_FILES },
  {
    format: 'openapi',
    label: 'Import OpenAPI (JSON or YAML)…',
    testId: 'import-openapi',
    accept: OPENAPI_FILES,
  },
  { format: 'har', label: 'Import HAR…', testId: 'import-har', accept: HAR_FILES },
];

/** Pasted curl commands ("copy as cURL" of a browser, a bank's docs) as a new collection. */
function CurlPaste({ disabled }: { disabled: boolean }) {
  const { import: run } = useCollectionsStore();
  const [text, setText] = useState('');
  const id = useId();
  return (
    <div className="curl-paste">
      <label htmlFor={id}>Paste curl commands</label>
      <textarea
        id={id}
        data-testid="import-curl-text"
        rows={3}
        spellCheck={false}
        placeholder="curl https://bank.example/v1/accounts -H 'Consent-ID: …'"
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <button
        type="button"
        data-testid="import-curl"
        disabled={disabled || text.trim() === ''}
        onClick={() =>
          // The text stays when the import is refused, so the user can correct it.
          void run('curl', { kind: 'text', text }).then(() => {
            if (!useCollectionsStore.getState().error) setText('');
          })
        }
      >
        Import curl
      </button>
    </div>
  );
}

/** Import buttons: Postman v2.1, a Bruno folder or zip, an OpenAPI file or the target's, HAR, curl. */
export function CollectionImports({ targetId }: { targetId: string | undefined }) {
  const { import: run, busy } = useCollectionsStore();
  return (
    <div className="collection-imports" role="group" aria-label="Import a collection">
      {PICKERS.map(({ format, folder, ...picker }) => (
        <Picker
          key={picker.testId}
          {...picker}
          folder={folder}
          disabled={busy}
          onFiles={(files) =>
            void run(format, folder ? { kind: 'folder', files } : { kind: 'file', file: files[0]! })
          }
        />
      ))}
      <button
        type="button"
        data-testid="import-target-openapi"
        disabled={busy || !targetId}
        onClick={() => targetId && void run('openapi', { kind: 'target', targetId })}
      >
        From the target’s /openapi.json
      </button>
      <CurlPaste disabled={busy} />
    </div>
  );
}

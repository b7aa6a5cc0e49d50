import { useState } from 'react';
import type { CollectionView } from '../../../../../main/api/contract';
import { foldersOf } from '../collection-tree';

interface NameFieldProps {
  /** The button's text ("Rename", "New folder") and its accessible name. */
  label: string;
  ariaLabel: string;
  /** The field's accessible name and first value, and its submit button's text. */
  fieldLabel: string;
  initial: string;
  submit: string;
  onName(name: string): void;
}

/** A button that becomes a name field in place: Enter or the submit button saves, Escape leaves. */
export function NameField({
  label,
  ariaLabel,
  fieldLabel,
  initial,
  submit,
  onName,
}: NameFieldProps) {
  const [value, setValue] = useState<string | undefined>(undefined);
  if (value === undefined)
    return (
      <button
        type="button"
        className="link"
        aria-label={ariaLabel}
        onClick={() => setValue(initial)}
      >
        {label}
      </button>
    );
  return (
    <form
      className="rename-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (value.trim() && value.trim() !== initial) onName(value.trim());
        setValue(undefined);
      }}
    >
      <input
        aria-label={fieldLabel}
        value={value}
        autoFocus
        onChange={(event) => setValue(event.target.value)}
        onKeyDown={(event) => event.key === 'Escape' && setValue(undefined)}
      />
      <button type="submit">{submit}</button>
    </form>
  );
}

/** The options of a folder choice: every folder of the collection by its path. */
export function FolderOptions({ collection }: { collection: CollectionView | undefined }) {
  return (
    <>
      {foldersOf(collection).map((f) => (
        <option key={f.id} value={f.id}>
          {f.path}
        </option>
      ))}
    </>
  );
}

import { useId, useState, type ReactNode } from 'react';

interface FileDropProps {
  label: string;
  accept?: string;
  disabled?: boolean;
  onFile(file: File): void;
  testId?: string;
  children?: ReactNode;
}

/** A file picker that also takes a file dropped on it. */
export function FileDrop({ label, accept, disabled, onFile, testId, children }: FileDropProps) {
  const id = useId();
  const [over, setOver] = useState(false);
  return (
    <div
      className={`file-drop${over ? ' over' : ''}`}
      data-testid={testId}
      onDragOver={(event) => {
        event.preventDefault();
        if (!disabled) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        const file = event.dataTransfer.files[0];
        if (file && !disabled) onFile(file);
      }}
    >
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="file"
        accept={accept}
        disabled={disabled}
        data-testid={testId ? `${testId}-input` : undefined}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) onFile(file);
          event.target.value = '';
        }}
      />
      <span className="muted">or drop it here</span>
      {children}
    </div>
  );
}

import { useState } from 'react';

interface CopyButtonProps {
  text: string;
  label: string;
  testId?: string;
}

/** Copies text to the clipboard; where the browser refuses, shows the text to copy by hand. */
export function CopyButton({ text, label, testId }: CopyButtonProps) {
  const [state, setState] = useState<'idle' | 'copied' | 'manual'>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
      setTimeout(() => setState('idle'), 2000);
    } catch {
      setState('manual');
    }
  };
  return (
    <span className="copy">
      <button type="button" onClick={() => void copy()} data-testid={testId}>
        {state === 'copied' ? 'Copied' : label}
      </button>
      <span role="status" aria-live="polite" className="visually-hidden">
        {state === 'copied' ? 'Copied to the clipboard' : ''}
      </span>
      {state === 'manual' && (
        <textarea
          className="copy-manual"
          readOnly
          value={text}
          aria-label="Copy this text"
          ref={(el) => el?.select()}
        />
      )}
    </span>
  );
}

import { useState } from 'react';

interface FoldedTextProps {
  text: string;
  /** Lines shown while folded. */
  lines?: number;
  label?: string;
  testId?: string;
}

const MAX_FOLDED_CHARS = 4000;

/**
 * Text as it came (bodies, signing strings, JSON): preformatted, never interpreted as HTML, and
 * folded when long, with a button to show all of it.
 */
export function FoldedText({ text, lines = 24, label, testId }: FoldedTextProps) {
  const [open, setOpen] = useState(false);
  const all = text.split('\n');
  const long = all.length > lines || text.length > MAX_FOLDED_CHARS;
  const shown = open || !long ? text : all.slice(0, lines).join('\n').slice(0, MAX_FOLDED_CHARS);
  return (
    <div className="folded-text">
      <pre data-testid={testId} aria-label={label}>
        {shown}
        {long && !open && <span className="muted">{'\n'}…</span>}
      </pre>
      {long && (
        <button type="button" className="link" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? 'Fold' : `Show all (${all.length} lines, ${text.length} characters)`}
        </button>
      )}
    </div>
  );
}

/** A JSON value (expected, actual, a parsed body) as indented text. */
export function jsonText(value: unknown): string {
  if (value === undefined) return '(nothing)';
  return JSON.stringify(value, null, 2) ?? String(value);
}

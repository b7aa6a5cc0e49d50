import { useEffect, useRef, useState } from 'react';
import { referenceLabel, specSection } from '../spec-sections';

/**
 * A rule's section as a link to its text: `§7(4)` or `decisions.md › Paths`, opening the section
 * of the spec (or of decisions.md) in a dialog over the evidence, so the tester reads the rule
 * where it is written without leaving the check.
 */
export function RuleReference({ reference }: { reference: string }) {
  const section = specSection(reference);
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  const label = referenceLabel(reference);
  if (!section) return <span className="muted">{label}</span>;
  return (
    <>
      <button
        type="button"
        className="link rule-reference"
        data-testid="rule-reference"
        title={`Read ${section.heading} of ${section.document}`}
        onClick={() => setOpen(true)}
      >
        {label}
      </button>
      {open && (
        <dialog
          ref={dialog}
          className="spec-section"
          aria-label={`${section.document}: ${section.heading}`}
          data-testid="spec-section"
          onClose={() => setOpen(false)}
        >
          <p className="muted">{section.document}</p>
          <pre tabIndex={0} data-testid="spec-section-text">
            {section.text}
          </pre>
          <button type="button" autoFocus onClick={() => setOpen(false)}>
            Close
          </button>
        </dialog>
      )}
    </>
  );
}

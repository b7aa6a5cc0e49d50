import type { ReactNode } from 'react';
import './skip-link.css';

/**
 * A link the keyboard meets first, shown only while it has the focus, that moves the focus to the
 * element `targetId` names (WCAG 2.4.1, bypass blocks): past the navigation to the view, or past
 * a view's controls and tables to its diagram. The target takes the focus (`tabIndex={-1}`), so
 * the next Tab goes on from there. The click is handled here: the app does not route by hash.
 */
export function SkipLink(props: { targetId: string; testId: string; children: ReactNode }) {
  return (
    <a
      className="skip-link"
      href={`#${props.targetId}`}
      data-testid={props.testId}
      onClick={(event) => {
        event.preventDefault();
        const target = document.getElementById(props.targetId);
        target?.focus();
        target?.scrollIntoView({ block: 'start' });
      }}
    >
      {props.children}
    </a>
  );
}

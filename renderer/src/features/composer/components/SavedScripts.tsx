import { useOpenCollection } from '../open-collection';

/**
 * The scripts an imported collection carried for the open request (Postman events, Bruno script
 * and tests blocks), collapsed and read-only: the workbench never runs them; they are kept so an
 * export gives them back unchanged.
 */
export function SavedScripts() {
  const sections = useOpenCollection((s) => s.scripts);
  if (sections.length === 0) return null;
  return (
    <details className="saved-scripts" data-testid="saved-scripts">
      <summary>Scripts (not run by the workbench)</summary>
      {sections.map(({ where, scripts }) =>
        scripts.map((script, index) => (
          <figure key={`${where}-${index}`}>
            <figcaption>
              {script.phase} — {where}
            </figcaption>
            <pre>
              <code>{script.text}</code>
            </pre>
          </figure>
        )),
      )}
    </details>
  );
}

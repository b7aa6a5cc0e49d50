import { useEffect, useState } from 'react';
import type { SavedRequestView } from '../../../../../main/api/contract';
import { assertionName } from '../../../../../main/shared/assertion-words';
import { useCollectionsStore } from '../collections-store';

/**
 * What a run expects of a saved request's answer, one assertion per line in words
 * (docs/collections.md, "Running a collection"); main refuses a line that is not one.
 */
export function AssertionsEditor({
  collection,
  saved,
}: {
  collection: string;
  saved: SavedRequestView;
}) {
  const words = (saved.assertions ?? []).map(assertionName).join('\n');
  const [text, setText] = useState(words);
  const setAssertions = useCollectionsStore((s) => s.setAssertions);
  // Saved (or changed elsewhere): the field shows the words main keeps.
  useEffect(() => setText(words), [words]);
  return (
    <details className="assertions" data-testid="assertions">
      <summary>Assertions ({saved.assertions?.length ?? 0})</summary>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void setAssertions(collection, saved.id, text.split('\n'));
        }}
      >
        <label className="visually-hidden" htmlFor={`assertions-${saved.id}`}>
          Assertions of {saved.name}, one per line
        </label>
        <textarea
          id={`assertions-${saved.id}`}
          data-testid="assertions-text"
          rows={3}
          value={text}
          placeholder={'status 201\n$.consentStatus == "received"\n$.consentId exists'}
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit" data-testid="assertions-save" disabled={text === words}>
          Save assertions
        </button>
      </form>
    </details>
  );
}

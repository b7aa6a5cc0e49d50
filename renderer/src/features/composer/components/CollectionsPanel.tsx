import { useState } from 'react';
import { useComposerStore } from '../store';
import { draftFromSaved } from '../request-model';

/** Saved requests by collection: save the current one, load or remove a saved one. */
export function CollectionsPanel() {
  const { collections, save, removeSaved, loadDraft } = useComposerStore();
  const [collection, setCollection] = useState('My requests');
  const [name, setName] = useState('');
  return (
    <section className="collections" aria-labelledby="collections-title">
      <h2 id="collections-title">Saved requests</h2>
      <form
        className="inline-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (name.trim() && collection.trim()) {
            void save(collection.trim(), name.trim()).then((saved) => saved && setName(''));
          }
        }}
      >
        <label className="inline-field">
          <span>Collection</span>
          <input
            value={collection}
            list="collection-names"
            data-testid="save-collection"
            onChange={(event) => setCollection(event.target.value)}
            required
          />
        </label>
        <datalist id="collection-names">
          {collections.map((c) => (
            <option key={c.name} value={c.name} />
          ))}
        </datalist>
        <label className="inline-field">
          <span>Name</span>
          <input
            value={name}
            data-testid="save-name"
            onChange={(event) => setName(event.target.value)}
            required
          />
        </label>
        <button type="submit" data-testid="save-request">
          Save request
        </button>
      </form>
      {collections.map((c) => (
        <details key={c.name} open>
          <summary>
            {c.name} <span className="muted">({c.requests.length})</span>
          </summary>
          <ul className="saved-list">
            {c.requests.map((saved) => (
              <li key={saved.id} data-testid="saved-request">
                <button
                  type="button"
                  className="link"
                  onClick={() => loadDraft(draftFromSaved(saved.request, saved.operationId))}
                >
                  <code>{saved.request.method}</code> {saved.name}
                </button>
                <span className="muted"> {saved.request.path}</span>
                <button
                  type="button"
                  className="icon"
                  aria-label={`Remove ${saved.name}`}
                  onClick={() => void removeSaved(c.name, saved.id)}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        </details>
      ))}
    </section>
  );
}

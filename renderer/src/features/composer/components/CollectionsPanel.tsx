import { useEffect, useState } from 'react';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { useActiveTarget } from '../../../state/targets-store';
import { useCollectionsStore } from '../collections-store';
import { CollectionImports } from './CollectionImports';
import { CollectionTree } from './CollectionTree';
import { CollectionRunResults } from './CollectionRunResults';
import { CollectionSearchBox } from './CollectionSearchBox';
import { FolderOptions } from './NameField';
import { foldersOf } from '../collection-tree';

/**
 * Collections: save the composer's request into a collection and folder; import from Postman
 * v2.1, Bruno or OpenAPI, export as Postman v2.1 or Bruno; finding a request in them; the tree of folders and requests.
 */
export function CollectionsPanel() {
  const { collections, save, create, load, error, report } = useCollectionsStore();
  const target = useActiveTarget();
  const [collection, setCollection] = useState('My requests');
  const [folderId, setFolderId] = useState('');
  const [name, setName] = useState('');
  const [newCollection, setNewCollection] = useState('');
  const chosen = collections.find((c) => c.name === collection.trim());
  const folders = foldersOf(chosen);

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <section className="collections" aria-labelledby="collections-title">
      <h2 id="collections-title">Collections</h2>
      <form
        className="inline-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (name.trim() && collection.trim()) {
            const folder = folders.some((f) => f.id === folderId) ? folderId : undefined;
            void save(collection.trim(), name.trim(), folder).then((saved) => saved && setName(''));
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
          <span>Folder</span>
          <select
            value={folderId}
            data-testid="save-folder"
            onChange={(event) => setFolderId(event.target.value)}
          >
            <option value="">(top level)</option>
            <FolderOptions collection={chosen} />
          </select>
        </label>
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
      <form
        className="inline-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (newCollection.trim())
            void create(newCollection.trim()).then(() => setNewCollection(''));
        }}
      >
        <label className="inline-field">
          <span>New collection</span>
          <input
            value={newCollection}
            data-testid="new-collection-name"
            onChange={(event) => setNewCollection(event.target.value)}
          />
        </label>
        <button type="submit" data-testid="new-collection">
          Create
        </button>
      </form>
      <CollectionImports targetId={target?.id} />
      <ErrorNotice error={error} doing="The collection" testId="collections-error" />
      {report && (
        <div className="import-report" role="status" data-testid="import-report">
          <p>
            Imported <strong>{report.imported}</strong>.
            {report.notes.length > 0 && ' What the import left out or kept unrun:'}
          </p>
          {report.notes.length > 0 && (
            <ul>
              {report.notes.map((note) => (
                <li key={note}>{note}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      <CollectionRunResults />
      {collections.length > 0 && <CollectionSearchBox />}
      {collections.map((c) => (
        <CollectionTree key={c.name} collection={c} />
      ))}
    </section>
  );
}

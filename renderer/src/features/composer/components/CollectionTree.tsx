import { useState } from 'react';
import type {
  CollectionItemView,
  CollectionView,
  SavedRequestView,
} from '../../../../../main/api/contract';
import { useCollectionsStore } from '../collections-store';
import { countRequests, foldersOf } from '../collection-tree';

/** A name edited in place: the button becomes a field; Enter saves, Escape leaves it. */
function RenameButton({ name, onRename }: { name: string; onRename(name: string): void }) {
  const [value, setValue] = useState<string | undefined>(undefined);
  if (value === undefined)
    return (
      <button
        type="button"
        className="link"
        aria-label={`Rename ${name}`}
        onClick={() => setValue(name)}
      >
        Rename
      </button>
    );
  return (
    <form
      className="rename-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (value.trim() && value.trim() !== name) onRename(value.trim());
        setValue(undefined);
      }}
    >
      <input
        aria-label={`New name for ${name}`}
        value={value}
        autoFocus
        onChange={(event) => setValue(event.target.value)}
        onKeyDown={(event) => event.key === 'Escape' && setValue(undefined)}
      />
      <button type="submit">Save</button>
    </form>
  );
}

/** A field that adds a folder (inside `parentId`, or at the top). */
function NewFolder({
  collection,
  parentId,
  inside,
}: {
  collection: string;
  parentId?: string;
  /** The folder or collection it goes in, for the button's accessible name. */
  inside: string;
}) {
  const addFolder = useCollectionsStore((s) => s.addFolder);
  const [name, setName] = useState<string | undefined>(undefined);
  if (name === undefined)
    return (
      <button
        type="button"
        className="link"
        aria-label={`New folder in ${inside}`}
        onClick={() => setName('')}
      >
        New folder
      </button>
    );
  return (
    <form
      className="rename-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (name.trim()) void addFolder(collection, name.trim(), parentId);
        setName(undefined);
      }}
    >
      <input
        aria-label="Folder name"
        value={name}
        autoFocus
        onChange={(event) => setName(event.target.value)}
        onKeyDown={(event) => event.key === 'Escape' && setName(undefined)}
      />
      <button type="submit">Add</button>
    </form>
  );
}

function SavedRequestRow({
  collection,
  saved,
}: {
  collection: CollectionView;
  saved: SavedRequestView;
}) {
  const { open, renameItem, removeItem, moveItem } = useCollectionsStore();
  const folders = foldersOf(collection);
  return (
    <li data-testid="saved-request" data-request-name={saved.name}>
      <button type="button" className="link" onClick={() => void open(collection, saved)}>
        <code>{saved.request.method}</code> {saved.name}
      </button>
      <span className="muted"> {saved.request.path}</span>{' '}
      <label className="inline-field compact">
        <span className="visually-hidden">Move {saved.name} to</span>
        <select
          value=""
          data-testid="move-request"
          onChange={(event) =>
            void moveItem(
              collection.name,
              saved.id,
              event.target.value === '.' ? null : event.target.value,
            )
          }
        >
          <option value="">Move to…</option>
          <option value=".">(top level)</option>
          {folders.map((f) => (
            <option key={f.id} value={f.id}>
              {f.path}
            </option>
          ))}
        </select>
      </label>
      <RenameButton
        name={saved.name}
        onRename={(name) => void renameItem(collection.name, saved.id, name)}
      />
      <button
        type="button"
        className="icon"
        aria-label={`Remove ${saved.name}`}
        onClick={() => void removeItem(collection.name, saved.id)}
      >
        ×
      </button>
    </li>
  );
}

function Items({ collection, items }: { collection: CollectionView; items: CollectionItemView[] }) {
  const { renameItem, removeItem } = useCollectionsStore();
  return (
    <ul className="saved-list">
      {items.map((item) =>
        item.kind === 'request' ? (
          <SavedRequestRow key={item.id} collection={collection} saved={item} />
        ) : (
          <li
            key={item.id}
            className="folder"
            data-testid="collection-folder"
            data-folder-name={item.name}
          >
            <details open>
              <summary>
                {item.name} <span className="muted">({item.items.length})</span>
              </summary>
              <div className="item-actions">
                <NewFolder collection={collection.name} parentId={item.id} inside={item.name} />
                <RenameButton
                  name={item.name}
                  onRename={(name) => void renameItem(collection.name, item.id, name)}
                />
                <button
                  type="button"
                  className="link"
                  aria-label={`Remove the folder ${item.name}`}
                  onClick={() => {
                    if (window.confirm(`Remove the folder ${item.name} and everything in it?`))
                      void removeItem(collection.name, item.id);
                  }}
                >
                  Remove folder
                </button>
              </div>
              <Items collection={collection} items={item.items} />
            </details>
          </li>
        ),
      )}
    </ul>
  );
}

/** One collection: its actions (rename, export, remove, new folder) and its tree. */
export function CollectionTree({ collection }: { collection: CollectionView }) {
  const { rename, remove, export: exportAs } = useCollectionsStore();
  return (
    <details
      open
      className="collection"
      data-testid="collection"
      data-collection-name={collection.name}
    >
      <summary>
        {collection.name} <span className="muted">({countRequests(collection.items)})</span>
      </summary>
      <div className="item-actions">
        <NewFolder collection={collection.name} inside={collection.name} />
        <RenameButton name={collection.name} onRename={(to) => void rename(collection.name, to)} />
        <button
          type="button"
          data-testid="export-postman"
          aria-label={`Export ${collection.name} as Postman v2.1`}
          onClick={() => void exportAs(collection.name, 'postman')}
        >
          Export Postman v2.1
        </button>
        <button
          type="button"
          data-testid="export-bruno"
          aria-label={`Export ${collection.name} as a Bruno collection (zip)`}
          onClick={() => void exportAs(collection.name, 'bruno')}
        >
          Export Bruno (zip)
        </button>
        <button
          type="button"
          className="link"
          aria-label={`Remove the collection ${collection.name}`}
          onClick={() => {
            if (window.confirm(`Remove the collection ${collection.name} with all its requests?`))
              void remove(collection.name);
          }}
        >
          Remove collection
        </button>
      </div>
      {collection.variables.length > 0 && (
        <p className="muted collection-variables">
          Variables:{' '}
          {collection.variables.map((v) => (
            <code key={v.key}>
              {`{{${v.key}}}`} = {v.value || '""'}{' '}
            </code>
          ))}
        </p>
      )}
      <Items collection={collection} items={collection.items} />
    </details>
  );
}

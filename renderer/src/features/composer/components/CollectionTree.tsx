import type {
  CollectionItemView,
  CollectionView,
  SavedRequestView,
} from '../../../../../main/api/contract';
import { useState } from 'react';
import { useCollectionsStore } from '../collections-store';
import { useCollectionRuns } from '../collection-runs';
import { useActiveTarget } from '../../targets/store';
import { countRequests } from '../collection-tree';
import { FolderOptions, NameField } from './NameField';
import { AssertionsEditor } from './AssertionsEditor';

/** Renames an item in place. */
function RenameButton({ name, onRename }: { name: string; onRename(name: string): void }) {
  return (
    <NameField
      label="Rename"
      ariaLabel={`Rename ${name}`}
      fieldLabel={`New name for ${name}`}
      initial={name}
      submit="Save"
      onName={onRename}
    />
  );
}

/** Adds a folder (inside `parentId`, or at the top); `inside` names where, for its button. */
function NewFolder(props: { collection: string; parentId?: string; inside: string }) {
  const addFolder = useCollectionsStore((s) => s.addFolder);
  return (
    <NameField
      label="New folder"
      ariaLabel={`New folder in ${props.inside}`}
      fieldLabel="Folder name"
      initial=""
      submit="Add"
      onName={(name) => void addFolder(props.collection, name, props.parentId)}
    />
  );
}

/** Runs the collection, or the folder at `folder` (its path), on the active target. */
function RunButton(props: { collection: string; folder?: string; what: string }) {
  const target = useActiveTarget();
  const running = useCollectionRuns((s) => s.running);
  return (
    <button
      type="button"
      data-testid="run-collection"
      aria-label={`Run ${props.what}`}
      disabled={!target || running}
      title={target ? `Send every request of ${props.what} to ${target.name}` : 'Choose a target'}
      onClick={() =>
        target && void useCollectionRuns.getState().start(props.collection, target.id, props.folder)
      }
    >
      Run
    </button>
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
          <FolderOptions collection={collection} />
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
      <AssertionsEditor collection={collection.name} saved={saved} />
    </li>
  );
}

function Items({
  collection,
  items,
  path = [],
}: {
  collection: CollectionView;
  items: CollectionItemView[];
  /** The folders these items are in, outermost first. */
  path?: string[];
}) {
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
                <RunButton
                  collection={collection.name}
                  folder={[...path, item.name].join(' / ')}
                  what={`the folder ${item.name}`}
                />
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
              <Items collection={collection} items={item.items} path={[...path, item.name]} />
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
  // An export runs outside the workbench unsigned unless it carries the signing script (§5.2).
  const [signing, setSigning] = useState(false);
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
        <RunButton collection={collection.name} what={collection.name} />
        <NewFolder collection={collection.name} inside={collection.name} />
        <RenameButton name={collection.name} onRename={(to) => void rename(collection.name, to)} />
        <button
          type="button"
          data-testid="export-postman"
          aria-label={`Export ${collection.name} as Postman v2.1`}
          onClick={() => void exportAs(collection.name, 'postman', signing)}
        >
          Export Postman v2.1
        </button>
        <button
          type="button"
          data-testid="export-bruno"
          aria-label={`Export ${collection.name} as a Bruno collection (zip)`}
          onClick={() => void exportAs(collection.name, 'bruno', signing)}
        >
          Export Bruno (zip)
        </button>
        <label title="Adds a pre-request script that signs every request per §5.2 with the key and certificate in the variables signingKeyPem and signingCertificatePem, for newman and bru run (docs/collections.md)">
          <input
            type="checkbox"
            data-testid="export-with-signing"
            checked={signing}
            onChange={(event) => setSigning(event.target.checked)}
          />{' '}
          with signing (newman, bru)
        </label>
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

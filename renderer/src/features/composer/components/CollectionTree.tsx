import type {
  CollectionItemView,
  CollectionView,
  SavedRequestView,
} from '../../../../../main/api/contract';
import { useState } from 'react';
import { useCollectionsStore } from '../collections-store';
import { BIG_COLLECTION_ITEMS, countItems, countRequests } from '../collection-tree';
import { BigCollectionTree } from './BigCollectionTree';
import {
  FolderActions,
  NewFolder,
  RenameButton,
  RunButton,
  SavedRequestParts,
} from './CollectionItems';

function SavedRequestRow({
  collection,
  saved,
}: {
  collection: CollectionView;
  saved: SavedRequestView;
}) {
  return (
    <li data-testid="saved-request" data-request-name={saved.name}>
      <SavedRequestParts collection={collection} saved={saved} big={false} />
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
              <FolderActions collection={collection.name} folder={item} path={path} />
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
      {countItems(collection.items) > BIG_COLLECTION_ITEMS ? (
        <BigCollectionTree collection={collection} />
      ) : (
        <Items collection={collection} items={collection.items} />
      )}
    </details>
  );
}

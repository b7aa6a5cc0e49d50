/**
 * What a row of a collection's tree holds, the same in the full tree and in the windowed tree of a
 * big collection: a saved request's link and actions, a folder's actions.
 */
import { useState } from 'react';
import type { CollectionView, SavedRequestView } from '../../../../../main/api/contract';
import { useCollectionsStore } from '../collections-store';
import { useCollectionRuns } from '../collection-runs';
import { useActiveTarget } from '../../../state/targets-store';
import { FolderOptions, NameField } from './NameField';
import { AssertionsEditor } from './AssertionsEditor';

/** Renames an item in place. */
export function RenameButton({ name, onRename }: { name: string; onRename(name: string): void }) {
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
export function NewFolder(props: { collection: string; parentId?: string; inside: string }) {
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
export function RunButton(props: { collection: string; folder?: string; what: string }) {
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

/** A folder's actions: run it, a folder inside it, rename it, remove it with what it holds. */
export function FolderActions(props: {
  collection: string;
  folder: { id: string; name: string };
  /** The folders it is in, outermost first. */
  path: readonly string[];
}) {
  const { renameItem, removeItem } = useCollectionsStore();
  const { collection, folder } = props;
  return (
    <div className="item-actions">
      <RunButton
        collection={collection}
        folder={[...props.path, folder.name].join(' / ')}
        what={`the folder ${folder.name}`}
      />
      <NewFolder collection={collection} parentId={folder.id} inside={folder.name} />
      <RenameButton
        name={folder.name}
        onRename={(name) => void renameItem(collection, folder.id, name)}
      />
      <button
        type="button"
        className="link"
        aria-label={`Remove the folder ${folder.name}`}
        onClick={() => {
          if (window.confirm(`Remove the folder ${folder.name} and everything in it?`))
            void removeItem(collection, folder.id);
        }}
      >
        Remove folder
      </button>
    </div>
  );
}

/**
 * The choice of a folder to move a saved request to. `lazy`: its folders are listed once the
 * choice is focused or pressed, not before (a big collection's rows would each list every folder).
 */
function MoveChoice(props: { collection: CollectionView; saved: SavedRequestView; lazy: boolean }) {
  const moveItem = useCollectionsStore((s) => s.moveItem);
  const [listed, setListed] = useState(!props.lazy);
  const { collection, saved } = props;
  return (
    <label className="inline-field compact">
      <span className="visually-hidden">Move {saved.name} to</span>
      <select
        value=""
        data-testid="move-request"
        onFocus={() => setListed(true)}
        onMouseDown={() => setListed(true)}
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
        {listed && <FolderOptions collection={collection} />}
      </select>
    </label>
  );
}

/**
 * A saved request: the link that opens it in the composer, its path and its actions. `big`: a
 * row of a big collection's tree, whose choice of a folder lists them only when used.
 */
export function SavedRequestParts({
  collection,
  saved,
  big,
}: {
  collection: CollectionView;
  saved: SavedRequestView;
  big: boolean;
}) {
  const { open, renameItem, removeItem } = useCollectionsStore();
  return (
    <>
      <button type="button" className="link" onClick={() => void open(collection, saved)}>
        <code>{saved.request.method}</code> {saved.name}
      </button>
      <span className="muted"> {saved.request.path}</span>{' '}
      <MoveChoice collection={collection} saved={saved} lazy={big} />
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
    </>
  );
}

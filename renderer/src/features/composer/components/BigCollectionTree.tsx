/**
 * The tree of a big collection (more than BIG_COLLECTION_ITEMS folders and requests): its folders
 * start collapsed and only the rows the viewport shows are in the DOM, so 20,000 requests open
 * as fast as twenty (docs/collections.md, "Big collections"). Each row says its depth, its place
 * among its siblings and, for a folder, whether it is open, as the nested lists of a small
 * collection do by their nesting.
 */
import { useMemo, useState } from 'react';
import type { CollectionView } from '../../../../../main/api/contract';
import { VirtualList } from '../../../components/virtual-list';
import { treeRows, type TreeRow } from '../collection-tree';
import { FolderActions, SavedRequestParts } from './CollectionItems';
import '../collections.css';

/** The height of a row in px: a line of buttons. */
const TREE_ROW_HEIGHT = 30;

function Row(props: {
  collection: CollectionView;
  row: TreeRow;
  open: boolean;
  toggle(id: string): void;
}) {
  const { collection, row, open } = props;
  const { item } = row;
  const place = {
    'aria-level': row.level,
    'aria-setsize': row.siblings,
    'aria-posinset': row.position,
    style: { paddingLeft: (row.level - 1) * 16 },
  };
  if (item.kind === 'request')
    return (
      <li data-testid="saved-request" data-request-name={item.name} {...place}>
        <SavedRequestParts collection={collection} saved={item} big />
      </li>
    );
  return (
    <li
      className="folder-row"
      data-testid="collection-folder"
      data-folder-name={item.name}
      {...place}
    >
      <button
        type="button"
        className="link folder-toggle"
        data-testid="folder-toggle"
        aria-expanded={open}
        onClick={() => props.toggle(item.id)}
      >
        <span aria-hidden="true">{open ? '▾' : '▸'}</span> {item.name}{' '}
        <span className="muted">({item.items.length})</span>
      </button>
      <FolderActions collection={collection.name} folder={item} path={row.path} />
    </li>
  );
}

export function BigCollectionTree({ collection }: { collection: CollectionView }) {
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const rows = useMemo(() => treeRows(collection.items, expanded), [collection.items, expanded]);
  const toggle = (id: string) =>
    setExpanded((was) => {
      const next = new Set(was);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return (
    <VirtualList
      count={rows.length}
      rowHeight={TREE_ROW_HEIGHT}
      maxHeight={TREE_ROW_HEIGHT * 20}
      label={`Folders and requests of ${collection.name}`}
      testId="collection-rows"
      row={(index) => {
        const row = rows[index]!;
        return (
          <Row
            key={row.item.id}
            collection={collection}
            row={row}
            open={expanded.has(row.item.id)}
            toggle={toggle}
          />
        );
      }}
    />
  );
}

/**
 * Saved composer requests in named collections with folders, kept in `collections.json` (atomic
 * write). A file of the first format (collections without folders) is migrated on reading, every
 * request kept (core/collections/stored.ts). Imports and exports: collection-formats.ts.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import {
  CollectionFormatError,
  collectionsFileSchema,
  findItem,
  migratedCollections,
  parsedAssertion,
  withItemIn,
  withItemMoved,
  withItemRenamed,
  withItemReplaced,
  withoutItem,
  type Collection,
  type SavedRequestItem,
} from '../../../core/collections/index.js';
import { JsonFileStore } from '../../../core/persistence/index.js';
import type { Clock } from '../../../core/clock.js';
import { CallRefused } from '../../dispatch.js';
import type { EventHub } from '../../events.js';
import type { CallArgs } from '../../contract/index.js';
import type { CollectionImportView, CollectionView } from '../../contract/collections.js';
import { ComposedRequestSchema } from '../../contract/tpp.js';
import { schemaParser, type StorageNotices } from '../app/stored-files.js';
import {
  importedCollection,
  exportedCollection,
  type OpenApiSource,
} from './collection-formats.js';

const parseCollections = schemaParser<CollectionView[]>(
  collectionsFileSchema(ComposedRequestSchema),
);

/** A name not yet taken: "name", else "name (2)", "name (3)", … */
function freeName(collections: readonly Collection[], name: string): string {
  let candidate = name;
  for (let i = 2; collections.some((c) => c.name === candidate); i += 1)
    candidate = `${name.slice(0, 92)} (${i})`;
  return candidate;
}

/**
 * An imported collection the file of saved collections could not hold is the file's problem:
 * said as one before the store is touched, not as a failed write of the data folder.
 */
function keepable(collection: Collection): void {
  try {
    parseCollections([collection]);
  } catch (error) {
    throw new CallRefused(
      `The file makes a collection the workbench cannot keep (${(error as Error).message.replace(/^\/0/, '')}); nothing was saved.`,
    );
  }
}

export class CollectionsService {
  private readonly store: Promise<JsonFileStore<CollectionView[]>>;

  constructor(
    dataDir: string | undefined,
    notices: StorageNotices,
    private readonly events: EventHub,
    private readonly clock: Clock,
    /** The OpenAPI document a target serves (`/openapi.json`), for imports from a target. */
    private readonly openApiOf?: OpenApiSource,
  ) {
    this.store = JsonFileStore.open({
      ...(dataDir ? { path: join(dataDir, 'collections.json') } : {}),
      what: 'saved collections',
      defaults: () => [],
      parse: (value) => parseCollections(migratedCollections(value)),
    }).then((store) => {
      notices.add(store.notice);
      return store;
    });
  }

  async list(): Promise<CollectionView[]> {
    return (await this.store).get();
  }

  saveRequest(args: CallArgs<'collections.saveRequest'>): Promise<CollectionView[]> {
    return this.change((collections) => {
      const found = collections.find((c) => c.name === args.collection);
      const collection: Collection = found ?? { name: args.collection, variables: [], items: [] };
      const folderId = args.folderId ?? undefined;
      const folder = folderId === undefined ? undefined : findItem(collection, folderId);
      if (folderId !== undefined && folder?.kind !== 'folder')
        throw new CallRefused(
          `There is no folder ${folderId} in the collection '${args.collection}'.`,
        );
      const siblings = folder?.kind === 'folder' ? folder.items : collection.items;
      const same = siblings.find((i) => i.kind === 'request' && i.name === args.name);
      const saved: SavedRequestItem = {
        kind: 'request',
        id: same?.id ?? randomUUID(),
        name: args.name,
        ...(same?.description ? { description: same.description } : {}),
        ...(args.operationId ? { operationId: args.operationId } : {}),
        request: args.request,
        // Scripts an import kept stay with the request the composer saves over (inert-scripts.ts).
        ...(same?.scripts ? { scripts: same.scripts } : {}),
        // And so do its assertions: the composer's form does not carry them.
        ...(same?.kind === 'request' && same.assertions ? { assertions: same.assertions } : {}),
        savedAt: this.clock.now().toISOString(),
      };
      const next = same
        ? withItemReplaced(collection, same.id, saved)
        : withItemIn(collection, folderId, saved);
      return found ? collections.map((c) => (c === found ? next : c)) : [...collections, next];
    });
  }

  create(name: string): Promise<CollectionView[]> {
    return this.change((collections) => {
      if (collections.some((c) => c.name === name))
        throw new CallRefused(`There is already a collection '${name}'.`);
      return [...collections, { name, variables: [], items: [] }];
    });
  }

  rename(name: string, to: string): Promise<CollectionView[]> {
    return this.change((collections) => {
      this.collection(collections, name);
      if (name !== to && collections.some((c) => c.name === to))
        throw new CallRefused(`There is already a collection '${to}'.`);
      return collections.map((c) => (c.name === name ? { ...c, name: to } : c));
    });
  }

  remove(name: string): Promise<CollectionView[]> {
    return this.change((collections) => {
      this.collection(collections, name);
      return collections.filter((c) => c.name !== name);
    });
  }

  addFolder(args: CallArgs<'collections.addFolder'>): Promise<CollectionView[]> {
    return this.edit(args.collection, (c) =>
      withItemIn(c, args.parentId ?? undefined, {
        kind: 'folder',
        id: randomUUID(),
        name: args.name,
        items: [],
      }),
    );
  }

  renameItem(collection: string, id: string, name: string): Promise<CollectionView[]> {
    return this.edit(collection, (c) => withItemRenamed(c, id, name));
  }

  removeItem(collection: string, id: string): Promise<CollectionView[]> {
    return this.edit(collection, (c) => withoutItem(c, id));
  }

  moveItem(collection: string, id: string, folderId?: string | null): Promise<CollectionView[]> {
    return this.edit(collection, (c) => withItemMoved(c, id, folderId ?? undefined));
  }

  /**
   * Replaces a saved request's assertions with those the lines say (`status 201`, `$.a exists`;
   * assertions.ts); a line that is not one is refused naming it, and nothing changes.
   */
  setAssertions(collection: string, id: string, lines: readonly string[]) {
    const assertions = lines
      .filter((line) => line.trim() !== '')
      .map((line, i) => {
        try {
          return parsedAssertion(line);
        } catch (error) {
          throw new CallRefused(`Assertion ${i + 1}: ${(error as Error).message}`);
        }
      });
    return this.edit(collection, (c) => {
      const item = findItem(c, id);
      if (item?.kind !== 'request')
        throw new CallRefused(`There is no saved request ${id} in the collection '${collection}'.`);
      const { assertions: _old, ...rest } = item;
      return withItemReplaced(c, id, assertions.length ? { ...rest, assertions } : rest);
    });
  }

  async import(args: CallArgs<'collections.import'>): Promise<CollectionImportView> {
    const ctx = { newId: () => randomUUID(), now: this.clock.now().toISOString() };
    // Read and convert before the store is touched: a bad file changes nothing saved.
    const { collection, notes } = await importedCollection(args, ctx, this.openApiOf);
    keepable(collection);
    let imported = '';
    // The collections go out once, as the change's event (CollectionImportView).
    await this.change((all) => {
      imported = freeName(all, args.name ?? collection.name);
      return [...all, { ...collection, name: imported }];
    });
    return { imported, notes };
  }

  async export(args: CallArgs<'collections.export'>) {
    const collection = this.collection(await this.list(), args.collection);
    return exportedCollection(
      collection,
      args.format,
      { signing: args.signing === true },
      args.folder === true,
    );
  }

  private collection(collections: readonly Collection[], name: string): Collection {
    const found = collections.find((c) => c.name === name);
    if (!found) throw new CallRefused(`There is no collection '${name}'.`);
    return found;
  }

  private edit(name: string, apply: (collection: Collection) => Collection) {
    return this.change((collections) => {
      const found = this.collection(collections, name);
      return collections.map((c) => (c === found ? apply(c) : c));
    });
  }

  private async change(
    apply: (collections: CollectionView[]) => CollectionView[],
  ): Promise<CollectionView[]> {
    const store = await this.store;
    let next: CollectionView[];
    try {
      next = await store.update(apply);
    } catch (error) {
      if (error instanceof CallRefused) throw error;
      if (error instanceof CollectionFormatError) throw new CallRefused(error.message);
      throw new CallRefused(
        `The collections were not saved (${(error as Error).message}); nothing changed. ` +
          'Check that the workbench may write to its data folder.',
      );
    }
    this.events.emit('collections.changed', next);
    return next;
  }
}

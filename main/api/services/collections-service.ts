/** Saved composer requests in named collections, kept in `collections.json` (atomic write). */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { Type } from '@sinclair/typebox';
import { JsonFileStore } from '../../core/persistence/index.js';
import type { Clock } from '../../core/clock.js';
import { CallRefused } from '../dispatch.js';
import type { EventHub } from '../events.js';
import type { CallArgs } from '../contract.js';
import { CollectionSchema, type CollectionView } from '../contract/collections.js';
import { schemaParser, type StorageNotices } from './stored-files.js';

const CollectionsFileSchema = Type.Array(CollectionSchema);

export class CollectionsService {
  private readonly store: Promise<JsonFileStore<CollectionView[]>>;

  constructor(
    dataDir: string | undefined,
    notices: StorageNotices,
    private readonly events: EventHub,
    private readonly clock: Clock,
  ) {
    this.store = JsonFileStore.open({
      ...(dataDir ? { path: join(dataDir, 'collections.json') } : {}),
      what: 'saved collections',
      defaults: () => [],
      parse: schemaParser<CollectionView[]>(CollectionsFileSchema),
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
      const collection = collections.find((c) => c.name === args.collection);
      const saved = {
        id: collection?.requests.find((r) => r.name === args.name)?.id ?? randomUUID(),
        name: args.name,
        ...(args.operationId ? { operationId: args.operationId } : {}),
        request: args.request,
        savedAt: this.clock.now().toISOString(),
      };
      if (!collection) return [...collections, { name: args.collection, requests: [saved] }];
      return collections.map((c) =>
        c === collection
          ? {
              ...c,
              requests: c.requests.some((r) => r.id === saved.id)
                ? c.requests.map((r) => (r.id === saved.id ? saved : r))
                : [...c.requests, saved],
            }
          : c,
      );
    });
  }

  removeRequest(collection: string, id: string): Promise<CollectionView[]> {
    return this.change((collections) => {
      const found = collections.find((c) => c.name === collection);
      if (!found?.requests.some((r) => r.id === id)) {
        throw new CallRefused(`No saved request ${id} in the collection '${collection}'.`);
      }
      return collections.map((c) =>
        c === found ? { ...c, requests: c.requests.filter((r) => r.id !== id) } : c,
      );
    });
  }

  remove(collection: string): Promise<CollectionView[]> {
    return this.change((collections) => {
      if (!collections.some((c) => c.name === collection)) {
        throw new CallRefused(`There is no collection '${collection}'.`);
      }
      return collections.filter((c) => c.name !== collection);
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
      throw new CallRefused(
        `The collections were not saved (${(error as Error).message}); nothing changed. ` +
          'Check that the workbench may write to its data folder.',
      );
    }
    this.events.emit('collections.changed', next);
    return next;
  }
}

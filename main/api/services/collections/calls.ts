/** The saved collections' calls (contract/collections.ts). */
import type { AreaCalls } from '../area-calls.js';
import type { CollectionsService } from '../collections-service.js';

export function collectionsCalls(collections: CollectionsService): AreaCalls<'collections'> {
  return {
    'collections.list': () => collections.list(),
    'collections.saveRequest': (args) => collections.saveRequest(args),
    'collections.create': ({ collection }) => collections.create(collection),
    'collections.rename': ({ collection, to }) => collections.rename(collection, to),
    'collections.remove': ({ collection }) => collections.remove(collection),
    'collections.addFolder': (args) => collections.addFolder(args),
    'collections.renameItem': ({ collection, id, name }) =>
      collections.renameItem(collection, id, name),
    'collections.removeItem': ({ collection, id }) => collections.removeItem(collection, id),
    'collections.moveItem': ({ collection, id, folderId }) =>
      collections.moveItem(collection, id, folderId),
    'collections.import': (args) => collections.import(args),
    'collections.export': (args) => collections.export(args),
  };
}
